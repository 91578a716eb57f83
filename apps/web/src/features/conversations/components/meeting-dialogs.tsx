/**
 * "Schedule meeting" and "Log meeting" (engineers, the issue's side panel): title, Zoom link,
 * start and end (the kit's date picker and a time, in the browser's zone, sent as instants),
 * participants from the issue account's members and the engineers, agenda or notes. The form is
 * checked by the shared schemas (ZScheduleMeetingRequest, ZLogMeetingRequest) with their exact
 * messages; the server's refusal shows in the dialog, a success as a toast.
 */
import { ZLogMeetingRequest, ZScheduleMeetingRequest } from "@portico/shared/schemas/meetings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import CalendarPlus from "lucide-react/icons/calendar-plus";
import NotebookPen from "lucide-react/icons/notebook-pen";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { dateToIso, isoToDate } from "../../../components/ui/date-picker";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { FieldError } from "../../../components/ui/field";
import { TextareaField, TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { meetingsApi, planningKeys } from "../planning-api";
import type { TChatUser } from "../work-api";
import { FormDatePicker, requestResolver } from "./form-parts";
import { PeopleChips, PersonPicker } from "./notify-dialog";

export type MeetingKind = "schedule" | "log";

export interface MeetingValues {
  title: string;
  meeting_link: string;
  startDate: string | null;
  startTime: string;
  endDate: string | null;
  endTime: string;
  participants: TChatUser[];
  notes: string;
}

/** A day (yyyy-mm-dd) and a time (HH:MM) in the browser's zone as an ISO instant; "" when either is missing. */
export function localInstant(day: string | null, time: string): string {
  const date = isoToDate(day);
  const parts = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!date || !parts) return "";
  date.setHours(Number(parts[1]), Number(parts[2]), 0, 0);
  return date.toISOString();
}

/** The request the form's values make (what the shared schema checks and the server receives). */
export function meetingRequest(kind: MeetingKind, issueNumber: number, values: MeetingValues) {
  const common = {
    title: values.title,
    participant_ids: values.participants.map((p) => p.user_id),
    start_time: localInstant(values.startDate, values.startTime),
    end_time: localInstant(values.endDate, values.endTime),
  };
  if (kind === "schedule") return { ...common, meeting_link: values.meeting_link, agenda: values.notes };
  return {
    ...common,
    issue_number: issueNumber,
    notes: values.notes,
    ...(values.meeting_link.trim() ? { meeting_link: values.meeting_link } : {}),
  };
}

/** Which form field shows a schema message about a request field. */
const FIELD_OF: Record<string, keyof MeetingValues> = {
  title: "title",
  meeting_link: "meeting_link",
  start_time: "startDate",
  end_time: "endDate",
  participant_ids: "participants",
  agenda: "notes",
  notes: "notes",
};

const meetingResolver = (kind: MeetingKind, issueNumber: number) =>
  requestResolver<MeetingValues>(
    kind === "schedule" ? ZScheduleMeetingRequest : ZLogMeetingRequest,
    (values) => meetingRequest(kind, issueNumber, values),
    (field) => FIELD_OF[field],
  );

function defaults(kind: MeetingKind): MeetingValues {
  const day = new Date();
  if (kind === "schedule") day.setDate(day.getDate() + 1);
  const iso = dateToIso(day);
  return {
    title: "",
    meeting_link: "",
    startDate: iso,
    startTime: kind === "schedule" ? "10:00" : "",
    endDate: iso,
    endTime: kind === "schedule" ? "11:00" : "",
    participants: [],
    notes: "",
  };
}

function MeetingForm({
  kind,
  issueNumber,
  accountId,
  onDone,
}: {
  kind: MeetingKind;
  issueNumber: number;
  accountId: number;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<MeetingValues>({
    resolver: meetingResolver(kind, issueNumber),
    defaultValues: defaults(kind),
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: MeetingValues) => {
      const body = meetingRequest(kind, issueNumber, values);
      return kind === "schedule"
        ? meetingsApi.schedule(issueNumber, body as Parameters<typeof meetingsApi.schedule>[1])
        : meetingsApi.log(body as Parameters<typeof meetingsApi.log>[0]);
    },
    onSuccess: (meeting) => {
      void queryClient.invalidateQueries({ queryKey: planningKeys.meetings });
      toast.success(
        kind === "schedule"
          ? `Meeting “${meeting.title}” scheduled. Invitations are on their way.`
          : `Meeting “${meeting.title}” logged.`,
      );
      onDone();
    },
  });
  const participants = form.watch("participants");
  const startDate = form.watch("startDate");

  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField label="Title" autoComplete="off" error={errors.title?.message} {...form.register("title")} />
      <TextField
        label={kind === "schedule" ? "Zoom link" : "Zoom link (optional)"}
        type="url"
        autoComplete="off"
        placeholder="https://zoom.us/j/…"
        error={errors.meeting_link?.message}
        {...form.register("meeting_link")}
      />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">When</legend>
        <FormDatePicker
          control={form.control}
          name="startDate"
          label="Start date"
          // The end follows the start while it was the same day.
          onPicked={(next) => {
            if (form.getValues("endDate") === startDate) form.setValue("endDate", next);
          }}
          error={errors.startDate?.message}
          {...(kind === "schedule" ? { min: dateToIso(new Date()) } : { max: dateToIso(new Date()) })}
        />
        <TextField label="Start time" type="time" {...form.register("startTime")} />
        <FormDatePicker
          control={form.control}
          name="endDate"
          label="End date"
          error={errors.endDate?.message}
          {...(kind === "log" ? { max: dateToIso(new Date()) } : {})}
        />
        <TextField label="End time" type="time" {...form.register("endTime")} />
      </fieldset>
      <div className="space-y-2">
        <PersonPicker
          accountId={accountId}
          label="Add a participant"
          exclude={new Set(participants.map((p) => p.user_id))}
          onPick={(person) => form.setValue("participants", [...participants, person], { shouldDirty: true })}
        />
        <PeopleChips
          label="Participants"
          empty="Nobody invited yet."
          people={participants}
          onRemove={(id) =>
            form.setValue(
              "participants",
              participants.filter((p) => p.user_id !== id),
            )
          }
        />
        <FieldError id="meeting-participants-error" message={errors.participants?.message} />
      </div>
      <TextareaField
        label={kind === "schedule" ? "Agenda" : "Notes"}
        rows={4}
        error={errors.notes?.message}
        hint={kind === "schedule" ? "Sent with the invitation." : "What was agreed in the meeting."}
        {...form.register("notes")}
      />
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {kind === "schedule" ? "Schedule meeting" : "Log meeting"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The button and its dialog; the form starts afresh every time it opens. */
export function MeetingDialog({
  kind,
  issueNumber,
  accountId,
}: {
  kind: MeetingKind;
  issueNumber: number;
  accountId: number;
}) {
  const [open, setOpen] = useState(false);
  const Icon = kind === "schedule" ? CalendarPlus : NotebookPen;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Icon aria-hidden="true" />
          {kind === "schedule" ? "Schedule meeting" : "Log meeting"}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[92dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{kind === "schedule" ? "Schedule a meeting" : "Log a meeting"}</DialogTitle>
          <DialogDescription>
            {kind === "schedule"
              ? `For #${issueNumber}. Every participant gets an e-mail invitation with a calendar file.`
              : `For #${issueNumber}: a call that already happened, and what was agreed.`}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <MeetingForm
            kind={kind}
            issueNumber={issueNumber}
            accountId={accountId}
            onDone={() => setOpen(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
