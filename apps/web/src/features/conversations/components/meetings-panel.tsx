/**
 * The issue's meetings in the side panel: upcoming ones first (soonest first), then past and
 * cancelled ones. "Join" opens the Zoom link in a new tab; engineers schedule, log and cancel
 * (asked first; the participants get a cancellation e-mail).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import ExternalLink from "lucide-react/icons/external-link";
import { Link } from "react-router";
import { QueryError } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonVariants } from "../../../components/ui/button";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import {
  issueMeetingsQuery,
  isUpcoming,
  meetingsApi,
  meetingWhen,
  planningKeys,
  sortMeetings,
  type TMeeting,
} from "../planning-api";
import { MeetingDialog } from "./meeting-dialogs";

export function MeetingCard({
  meeting,
  canCancel,
  showIssue = false,
}: {
  meeting: TMeeting;
  canCancel: boolean;
  /** On /meetings: the issue it belongs to, as a link. */
  showIssue?: boolean;
}) {
  const queryClient = useQueryClient();
  const upcoming = isUpcoming(meeting);
  const cancel = useMutation({
    mutationFn: () => meetingsApi.cancel(meeting.issue_number, meeting.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: planningKeys.meetings });
      toast.success(`Meeting “${meeting.title}” cancelled. The participants are told by e-mail.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const people = meeting.participants.map((p) => p.name).join(", ");
  return (
    <article aria-label={`Meeting ${meeting.title}`} className="space-y-1.5 rounded-md border bg-card p-3">
      <div className="flex flex-wrap items-center gap-1.5">
        <h4 className="min-w-0 font-medium break-words text-foreground">{meeting.title}</h4>
        {meeting.cancelled_at !== null ? (
          <Badge variant="danger">Cancelled</Badge>
        ) : meeting.kind === "logged" ? (
          <Badge>Logged</Badge>
        ) : upcoming ? (
          <Badge variant="info">Upcoming</Badge>
        ) : (
          <Badge>Past</Badge>
        )}
      </div>
      <p className="text-xs text-muted-foreground">
        <time dateTime={meeting.start_time}>{meetingWhen(meeting)}</time>
      </p>
      {showIssue && (
        <p className="text-xs">
          <Link
            className="font-medium text-link underline-offset-2 hover:underline"
            to={`/issues/${meeting.issue_number}`}
          >
            #{meeting.issue_number} {meeting.issue_title}
          </Link>
        </p>
      )}
      {people && <p className="text-xs break-words text-muted-foreground">With {people}</p>}
      {meeting.notes && (
        <p className="line-clamp-3 text-xs break-words whitespace-pre-line text-foreground">
          {meeting.notes}
        </p>
      )}
      {(upcoming && meeting.meeting_link) || (canCancel && upcoming && meeting.kind === "scheduled") ? (
        <div className="flex flex-wrap gap-2 pt-1">
          {upcoming && meeting.meeting_link && (
            <a
              href={meeting.meeting_link}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Join ${meeting.title} (opens in a new tab)`}
              className={buttonVariants({ size: "sm" })}
            >
              <ExternalLink aria-hidden="true" />
              Join
            </a>
          )}
          {canCancel && upcoming && meeting.kind === "scheduled" && (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="secondary">
                  Cancel meeting
                </Button>
              }
              title="Cancel this meeting?"
              description={`“${meeting.title}” is cancelled for everyone; the participants get an e-mail that takes it out of their calendars.`}
              confirmLabel="Cancel meeting"
              cancelLabel="Keep meeting"
              onConfirm={() => cancel.mutateAsync()}
            />
          )}
        </div>
      ) : null}
    </article>
  );
}

export function MeetingsSection({
  issueNumber,
  accountId,
  canWork,
}: {
  issueNumber: number;
  accountId: number;
  canWork: boolean;
}) {
  const meetings = useQuery(issueMeetingsQuery(issueNumber));
  return (
    <section aria-label="Meetings" className="space-y-2 border-b px-4 py-3">
      <h3 className="flex min-h-8 items-center text-sm font-semibold text-foreground">Meetings</h3>
      {canWork && (
        <div className="flex flex-wrap gap-2">
          <MeetingDialog kind="schedule" issueNumber={issueNumber} accountId={accountId} />
          <MeetingDialog kind="log" issueNumber={issueNumber} accountId={accountId} />
        </div>
      )}
      {meetings.isError ? (
        <QueryError query={meetings} />
      ) : meetings.isPending ? (
        <LoadingRegion label="Loading meetings" className="space-y-1">
          <Skeleton className="h-12 w-full" />
        </LoadingRegion>
      ) : meetings.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {canWork ? "No meetings yet. Schedule one to talk it through." : "No meetings yet."}
        </p>
      ) : (
        <ul aria-label="Meetings of this issue" className="space-y-2">
          {sortMeetings(meetings.data).map((meeting) => (
            <li key={meeting.id}>
              <MeetingCard meeting={meeting} canCancel={canWork} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
