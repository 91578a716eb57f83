/**
 * The issue's side panel (issue 10): assignees, followers (Follow / Unfollow), participants and
 * the activity for everyone; engineers also tags, category, internal notes and who to assign
 * (engineers whose expertise is the issue's category first, marked "Suggested"). A column on wide
 * screens, a sheet from the "Details" button on narrow ones.
 */
import type { TIssueWork } from "@portico/shared/schemas/issue-work";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import PanelRight from "lucide-react/icons/panel-right";
import UserMinus from "lucide-react/icons/user-minus";
import X from "lucide-react/icons/x";
import { memo, type ReactNode, useState } from "react";
import { QueryError } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import { IconButton } from "../../../components/ui/icon-button";
import { Select } from "../../../components/ui/select";
import { Sheet, SheetClose, SheetContent, SheetTitle, SheetTrigger } from "../../../components/ui/sheet";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { participantsQuery } from "../api";
import { engineersQuery } from "../presence";
import {
  applyWork,
  assigneesQuery,
  eventsQuery,
  notesQuery,
  refreshWork,
  type TAssignees,
  type TIssuePerson,
  useCategories,
  workApi,
  workKeys,
} from "../work-api";
import { MeetingsSection } from "./meetings-panel";
import { NoteCard, NoteComposer } from "./notes";
import { NotifyDialog } from "./notify-dialog";
import { EngineerPresence } from "./presence-dot";
import { TagPicker } from "./tag-picker";
import { EventRow } from "./timeline-rows";

export interface WorkPanelProps {
  issueNumber: number;
  accountId: number;
  work: TIssueWork;
  /** abilities.work: the engineers' tools. */
  canWork: boolean;
  myUserId: number;
  isAdmin: boolean;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 border-b px-4 py-3 last:border-b-0">
      <div className="flex min-h-8 items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-foreground">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function PersonName({
  person,
}: {
  person: Pick<TIssuePerson, "user_id" | "name" | "is_engineer" | "online">;
}) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="truncate">{person.name}</span>
      {person.is_engineer && (
        <>
          <span className="sr-only">(engineer)</span>
          <EngineerPresence userId={person.user_id} fallback={person.online} />
        </>
      )}
    </span>
  );
}

function PeopleList({
  people,
  empty,
  label,
  onRemove,
  removeLabel,
}: {
  people: readonly TIssuePerson[];
  empty: string;
  label: string;
  onRemove?: ((person: TIssuePerson) => void) | undefined;
  removeLabel?: (person: TIssuePerson) => string;
}) {
  if (people.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {people.map((person) => (
        <li key={person.user_id} className="flex min-h-8 items-center justify-between gap-2">
          <PersonName person={person} />
          {onRemove && (
            <IconButton
              label={removeLabel?.(person) ?? `Remove ${person.name}`}
              icon={UserMinus}
              size="icon-sm"
              onClick={() => onRemove(person)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function Assignees({ issueNumber, work, canWork }: Pick<WorkPanelProps, "issueNumber" | "work" | "canWork">) {
  const queryClient = useQueryClient();
  const suggestions = useQuery(assigneesQuery(issueNumber, canWork));
  const engineers = useQuery({ ...engineersQuery(), enabled: canWork });
  const changed = (answer: TAssignees) => {
    applyWork(queryClient, issueNumber, (w) => ({ ...w, assignees: answer.assignees }));
    queryClient.setQueryData(workKeys.assignees(issueNumber), answer);
    // The assignee follows the issue now: the followers come from the server.
    void refreshWork(queryClient, issueNumber).catch(() => undefined);
  };
  const assign = useMutation({
    mutationFn: (person: { user_id: number; name: string }) => workApi.assign(issueNumber, person.user_id),
    onSuccess: (answer, person) => {
      changed(answer);
      toast.success(`Assigned ${person.name}.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const unassign = useMutation({
    mutationFn: (person: TIssuePerson) => workApi.unassign(issueNumber, person.user_id),
    onSuccess: (answer, person) => {
      changed(answer);
      toast.success(`Unassigned ${person.name}.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });

  const assigned = new Set(work.assignees.map((a) => a.user_id));
  const suggested = (suggestions.data?.suggested ?? []).filter((s) => !assigned.has(s.user_id));
  const suggestedIds = new Set(suggested.map((s) => s.user_id));
  const options = [
    ...suggested.map((s) => ({ value: String(s.user_id), label: `${s.name} (Suggested)` })),
    ...(engineers.data ?? [])
      .filter((e) => !assigned.has(e.user_id) && !suggestedIds.has(e.user_id))
      .map((e) => ({ value: String(e.user_id), label: e.is_available ? e.name : `${e.name} (away)` })),
  ];
  const nameOf = (id: string) =>
    suggested.find((s) => String(s.user_id) === id)?.name ??
    engineers.data?.find((e) => String(e.user_id) === id)?.name ??
    "the engineer";

  return (
    <Section title="Assignees">
      <PeopleList
        label="Assignees"
        people={work.assignees}
        empty="Nobody is assigned yet."
        onRemove={canWork ? (person) => unassign.mutate(person) : undefined}
        removeLabel={(person) => `Unassign ${person.name}`}
      />
      {canWork && (
        <>
          {suggested.length > 0 && (
            <p className="text-xs text-muted-foreground">
              Suggested by expertise: {suggested.map((s) => s.name).join(", ")}
            </p>
          )}
          <Combobox
            aria-label="Assign an engineer"
            options={options}
            value={null}
            placeholder={assign.isPending ? "Assigning…" : "Assign an engineer…"}
            searchPlaceholder="Search engineers…"
            emptyText={engineers.isError ? errorMessage(engineers.error) : "No other engineers."}
            loading={engineers.isPending}
            disabled={assign.isPending}
            onValueChange={(value) => assign.mutate({ user_id: Number(value), name: nameOf(value) })}
          />
        </>
      )}
    </Section>
  );
}

function Followers({ issueNumber, work }: Pick<WorkPanelProps, "issueNumber" | "work">) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? workApi.follow(issueNumber) : workApi.unfollow(issueNumber)),
    onSuccess: (state, follow) => {
      applyWork(queryClient, issueNumber, (w) => ({
        ...w,
        following: state.following,
        followers: state.followers,
      }));
      toast.success(follow ? "You follow this issue." : "You no longer follow this issue.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <Section
      title="Followers"
      action={
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={work.following}
          busy={toggle.isPending}
          onClick={() => toggle.mutate(!work.following)}
        >
          {work.following ? "Unfollow" : "Follow"}
        </Button>
      }
    >
      <PeopleList label="Followers" people={work.followers} empty="Nobody follows this issue yet." />
    </Section>
  );
}

const NO_CATEGORY = "none";

function Category({ issueNumber, work }: Pick<WorkPanelProps, "issueNumber" | "work">) {
  const queryClient = useQueryClient();
  const categories = useCategories();
  const set = useMutation({
    mutationFn: (id: number | null) => workApi.setCategory(issueNumber, id),
    onSuccess: (next) => {
      applyWork(queryClient, issueNumber, () => next);
      void queryClient.invalidateQueries({ queryKey: workKeys.assignees(issueNumber) });
      toast.success(next.category ? `Category set to ${next.category.name}.` : "Category cleared.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const options = [
    { value: NO_CATEGORY, label: "None" },
    ...(categories.data?.items ?? []).map((c) => ({
      value: String(c.id),
      label: `${c.name} (level ${c.level})`,
    })),
  ];
  if (work.category && !options.some((o) => o.value === String(work.category?.id)))
    options.push({ value: String(work.category.id), label: work.category.name });
  return (
    <Section title="Category">
      {categories.isError ? (
        <QueryError
          query={categories}
          message={`Categories could not be loaded: ${errorMessage(categories.error)}`}
        />
      ) : (
        <Select
          aria-label="Category"
          options={options}
          value={work.category ? String(work.category.id) : NO_CATEGORY}
          disabled={set.isPending || categories.isPending}
          onValueChange={(value) => set.mutate(value === NO_CATEGORY ? null : Number(value))}
        />
      )}
    </Section>
  );
}

function ParticipantsSection({ issueNumber }: { issueNumber: number }) {
  const participants = useQuery(participantsQuery(issueNumber));
  return (
    <section aria-label="Participants" className="space-y-2 border-b px-4 py-3">
      <h3 className="flex min-h-8 items-center text-sm font-semibold text-foreground">Participants</h3>
      {participants.isError ? (
        <QueryError query={participants} />
      ) : participants.isPending ? (
        <LoadingRegion label="Loading participants" className="space-y-1">
          <Skeleton className="h-5 w-2/3" />
        </LoadingRegion>
      ) : participants.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody has written yet.</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {participants.data.map((p) => (
            <li key={p.user_id} className="flex min-h-6 items-center">
              <PersonName person={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Notes({
  issueNumber,
  myUserId,
  isAdmin,
}: Pick<WorkPanelProps, "issueNumber" | "myUserId" | "isAdmin">) {
  const notes = useQuery(notesQuery(issueNumber));
  return (
    <Section title="Internal notes">
      <NoteComposer issueNumber={issueNumber} />
      {notes.isError ? (
        <QueryError query={notes} />
      ) : notes.isPending ? (
        <LoadingRegion label="Loading notes" className="space-y-2">
          <Skeleton className="h-16 w-full" />
        </LoadingRegion>
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notes yet. Notes are for engineers only.</p>
      ) : (
        <ul aria-label="Notes" className="space-y-2">
          {[...notes.data].reverse().map((note) => (
            <li key={note.id}>
              <NoteCard
                note={note}
                mine={note.author.user_id === myUserId}
                mayDelete={note.author.user_id === myUserId || isAdmin}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Activity({ issueNumber }: { issueNumber: number }) {
  const events = useQuery(eventsQuery(issueNumber));
  return (
    <Section title="Activity">
      {events.isError ? (
        <QueryError query={events} />
      ) : events.isPending ? (
        <LoadingRegion label="Loading activity" className="space-y-1">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </LoadingRegion>
      ) : events.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol aria-label="Activity" className="-mx-3">
          {[...events.data.items].reverse().map((event) => (
            <li key={event.id}>
              <EventRow event={event} />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** The panel's sections (the column and the sheet show the same). */
export function WorkPanelBody(props: WorkPanelProps) {
  const { issueNumber, accountId, work, canWork, myUserId, isAdmin } = props;
  return (
    <div className="text-sm">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 className="font-semibold text-foreground">Details</h2>
        <NotifyDialog issueNumber={issueNumber} accountId={accountId} myUserId={myUserId} />
      </div>
      <Assignees issueNumber={issueNumber} work={work} canWork={canWork} />
      {canWork && (
        <>
          <Section title="Tags">
            <TagPicker issueNumber={issueNumber} tags={work.tags} />
          </Section>
          <Category issueNumber={issueNumber} work={work} />
        </>
      )}
      <Followers issueNumber={issueNumber} work={work} />
      <ParticipantsSection issueNumber={issueNumber} />
      <MeetingsSection issueNumber={issueNumber} accountId={accountId} canWork={canWork} />
      {canWork && <Notes issueNumber={issueNumber} myUserId={myUserId} isAdmin={isAdmin} />}
      <Activity issueNumber={issueNumber} />
    </div>
  );
}

/**
 * Wide screens: a column beside the conversation. Memoised: the screen re-renders with every
 * message and page of the thread, the panel only when its own props change.
 */
export const WorkPanelColumn = memo(function WorkPanelColumn({
  className,
  ...props
}: WorkPanelProps & { className?: string }) {
  return (
    <aside
      aria-label="Issue details"
      className={cn("min-h-0 w-80 shrink-0 overflow-y-auto rounded-lg border bg-card", className)}
    >
      <WorkPanelBody {...props} />
    </aside>
  );
});

/** Narrow screens: the "Details" button opens the panel as a sheet from the right. */
export const WorkPanelSheet = memo(function WorkPanelSheet({
  className,
  ...props
}: WorkPanelProps & { className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="secondary" className={className}>
          <PanelRight aria-hidden="true" />
          Details
        </Button>
      </SheetTrigger>
      <SheetContent
        aria-describedby={undefined}
        className="right-0 left-auto w-96 max-w-[92vw] animate-fade-in overflow-y-auto border-r-0 border-l"
      >
        <div className="flex items-center justify-between border-b px-4 py-2">
          <SheetTitle className="font-semibold">Issue #{props.issueNumber}</SheetTitle>
          <SheetClose asChild>
            <IconButton label="Close details" icon={X} size="icon-sm" />
          </SheetClose>
        </div>
        <WorkPanelBody {...props} />
      </SheetContent>
    </Sheet>
  );
});
