/**
 * Telling people about an issue (POST issue/:id/notify): the composer's @mentions after a message
 * is sent, and the work panel's "Notify…" dialog (pick people, send). Both end in a toast: "Notified
 * 2 people", or the server's reason.
 */
import BellPlus from "lucide-react/icons/bell-plus";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { ErrorAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { type TChatUser, type TNotifyResponse, usePeopleSearch, workApi } from "../work-api";

export function notifiedText(answer: TNotifyResponse): string {
  const count = answer.notified.length;
  return `Notified ${count} ${count === 1 ? "person" : "people"}`;
}

/** Notifies and toasts the outcome; resolves to whether it worked. */
export async function notifyPeople(
  issueNumber: number,
  userIds: number[],
  messageIndex?: number,
): Promise<boolean> {
  try {
    const answer = await workApi.notify(issueNumber, userIds, messageIndex);
    toast.success(`${notifiedText(answer)}.`);
    return true;
  } catch (err) {
    toast.error(errorMessage(err));
    return false;
  }
}

/** A person search over the issue account's members and the engineers. */
export function PersonPicker({
  accountId,
  label,
  exclude,
  onPick,
}: {
  accountId: number;
  label: string;
  exclude: ReadonlySet<number>;
  onPick: (person: TChatUser) => void;
}) {
  const [search, setSearch] = useState("");
  const people = usePeopleSearch(accountId, search);
  const items = (people.data?.items ?? []).filter((p) => !exclude.has(p.user_id));
  return (
    <Combobox
      aria-label={label}
      options={items.map((p) => ({
        value: String(p.user_id),
        label: p.is_engineer ? `${p.name} (engineer)` : p.name,
      }))}
      value={null}
      placeholder="Pick someone…"
      searchPlaceholder="Search people…"
      emptyText={people.isError ? errorMessage(people.error) : "Nobody found by that name."}
      loading={people.isFetching && !people.data}
      onSearchChange={setSearch}
      onValueChange={(value) => {
        const person = items.find((p) => String(p.user_id) === value);
        if (person) onPick(person);
      }}
    />
  );
}

/** Chosen people as chips, each with "Remove {name}" (notify, meeting participants). */
export function PeopleChips({
  label,
  empty,
  people,
  onRemove,
}: {
  label: string;
  empty: string;
  people: readonly TChatUser[];
  onRemove: (userId: number) => void;
}) {
  if (people.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {people.map((p) => (
        <li
          key={p.user_id}
          className="inline-flex items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-2 text-sm"
        >
          {p.name}
          <button
            type="button"
            aria-label={`Remove ${p.name}`}
            onClick={() => onRemove(p.user_id)}
            className="inline-flex size-6 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function NotifyDialog({
  issueNumber,
  accountId,
  myUserId,
}: {
  issueNumber: number;
  accountId: number;
  myUserId: number;
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<TChatUser[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const exclude = new Set([myUserId, ...chosen.map((p) => p.user_id)]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await workApi.notify(
        issueNumber,
        chosen.map((p) => p.user_id),
      );
      toast.success(`${notifiedText(answer)}.`);
      setChosen([]);
      setOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <BellPlus aria-hidden="true" />
          Notify…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Notify people about #{issueNumber}</DialogTitle>
          <DialogDescription>
            They get a notification with a link to this issue, and an e-mail if they asked for e-mails.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-3">
          <PersonPicker
            accountId={accountId}
            label="Add a person to notify"
            exclude={exclude}
            onPick={(person) => setChosen((held) => [...held, person])}
          />
          <PeopleChips
            label="People to notify"
            empty="Nobody picked yet."
            people={chosen}
            onRemove={(id) => setChosen((held) => held.filter((h) => h.user_id !== id))}
          />
          <ErrorAlert>{error}</ErrorAlert>
        </div>
        <DialogFooter>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button busy={busy} disabled={chosen.length === 0} onClick={() => void send()}>
            Notify {chosen.length > 0 ? chosen.length : ""}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
