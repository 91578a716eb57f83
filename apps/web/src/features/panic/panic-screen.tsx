/**
 * /panic (spec §1, §7.2 ispanicallowed and panic, §8 warnings): a severe-outage issue that alerts
 * every engineer at once. The screen first asks whether the organization may raise one; if not it
 * says why and offers a normal issue. Otherwise the §8 warnings, the form (the issue form's rules)
 * and a confirmation; a raised panic opens as its issue.
 */
import { PANIC_WARNINGS, ZPanicRequest } from "@portico/shared/schemas/search";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import ShieldAlert from "lucide-react/icons/shield-alert";
import Siren from "lucide-react/icons/siren";
import { type MouseEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { FormSkeleton } from "../../components/ui/skeleton";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage, isApiError } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
// The same "New issue" dialog as the issues screen: a panic refused is a normal issue offered.
import { NewIssueDialog } from "../conversations/components/new-issue-dialog";
import { isRestricted, RestrictedReason } from "../subscription/restriction";
import { panicAllowedQuery, raisePanic } from "./api";

type Errors = Partial<Record<"panic_title" | "panic_message", string>>;

function Warnings() {
  return (
    <section
      aria-labelledby="panic-warnings"
      className="flex gap-3 rounded-lg border border-danger/30 bg-danger-surface p-4 text-danger-surface-foreground"
    >
      <Siren aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-2">
        <h2 id="panic-warnings" className="font-semibold">
          Before you raise a panic
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {PANIC_WARNINGS.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PanicForm({ onRefused }: { onRefused: () => void }) {
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const raise = useMutation({ mutationFn: raisePanic });

  /** The confirmation opens only for a form that would be accepted. */
  const check = (event: MouseEvent) => {
    const parsed = ZPanicRequest.safeParse({ panic_title: title, panic_message: message });
    if (parsed.success) {
      setErrors({});
      raise.reset();
      return;
    }
    event.preventDefault();
    const found: Errors = {};
    for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
    setErrors(found);
  };

  const confirm = async () => {
    try {
      const detail = await raise.mutateAsync({ panic_title: title, panic_message: message });
      const number = detail.conversation.issue.issue_number;
      void queryClient.invalidateQueries({ queryKey: ["issues"] });
      toast.success(`Panic raised as issue #${number}. Every engineer has been alerted.`);
      navigate(`/issues/${number}`);
    } catch (error) {
      // Shown under the form (the dialog closes). A refusal (the plan or the support contract
      // changed meanwhile) changes what the screen should offer: ask again.
      if (isApiError(error) && error.status === 403) onRefused();
    }
  };

  return (
    <form className="max-w-2xl space-y-5" noValidate onSubmit={(event) => event.preventDefault()}>
      <Warnings />
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.panic_title}
        hint="What is down, in a few words: “Production cluster east-1 is offline”."
      />
      <TextareaField
        label="Message"
        rows={7}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors.panic_message}
        hint="Since when, what you see, what you have tried. Markdown works."
      />
      <ErrorAlert>{raise.isError ? errorMessage(raise.error) : null}</ErrorAlert>
      <ConfirmDialog
        trigger={
          <Button type="submit" variant="danger" onClick={check}>
            <Siren aria-hidden="true" />
            Raise panic
          </Button>
        }
        title="Raise a panic?"
        description="Every engineer is alerted at once, by e-mail and on their screens. Use it only for a severe outage."
        confirmLabel="Raise panic"
        onConfirm={confirm}
      />
    </form>
  );
}

/** §6: a cancelled organization's members cannot raise one; the button stays, disabled, with why. */
function RestrictedPanic() {
  const reasonId = useId();
  return (
    <EmptyState
      icon={ShieldAlert}
      title="Panic is not available"
      description={<RestrictedReason id={reasonId} />}
      action={
        <Button variant="danger" disabled aria-describedby={reasonId}>
          <Siren aria-hidden="true" />
          Raise panic
        </Button>
      }
    />
  );
}

export default function PanicScreen() {
  const { data: user } = useCurrentUser();
  const [aid] = usePersisted("selectedAccountId");
  const restricted = isRestricted(user);
  const allowed = useQuery({ ...panicAllowedQuery(aid), enabled: user !== undefined && !restricted });

  return (
    <>
      <PageHeader
        title="Panic"
        description="For a severe outage: a panic reaches every engineer at once, ahead of every other issue."
      />
      {restricted ? (
        <RestrictedPanic />
      ) : allowed.isError ? (
        <QueryError query={allowed} />
      ) : !allowed.data ? (
        <FormSkeleton fields={2} label="Checking whether you can raise a panic" />
      ) : allowed.data.allowed ? (
        <PanicForm onRefused={() => void allowed.refetch()} />
      ) : (
        <EmptyState
          icon={ShieldAlert}
          title="Panic is not available"
          description={<p>{allowed.data.reason ?? "Your organization cannot raise a panic."}</p>}
          action={user && <NewIssueDialog user={user} />}
        />
      )}
    </>
  );
}
