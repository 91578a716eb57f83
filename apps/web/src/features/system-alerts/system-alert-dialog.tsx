/**
 * The engineers' form for one system alert, new or edited: level, message, and an optional start
 * and end (a day from the kit's date picker and a time, in this browser's time zone). Spec §5's
 * date messages are checked here before asking the server, and the server's 400 goes beside the
 * field it is about.
 */
import {
  SYSTEM_ALERT_LEVEL_LABELS,
  SYSTEM_ALERT_LEVELS,
  SYSTEM_ALERT_MESSAGE_MAX,
  SYSTEM_ALERT_MESSAGES,
  systemAlertWindowError,
} from "@portico/shared/schemas/system-alerts";
import { MESSAGES } from "@portico/shared/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { DatePicker, dateToIso } from "../../components/ui/date-picker";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Select } from "../../components/ui/select";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { errorMessage, isApiError } from "../../lib/api-client";
import { browserTimeZone } from "../../lib/time-zones";
import {
  createSystemAlert,
  type SystemAlertLevel,
  systemAlertKeys,
  type TSystemAlert,
  type TSystemAlertRequest,
  updateSystemAlert,
} from "./api";

export const DIALOG_TEXT = {
  newTitle: "New system alert",
  editTitle: "Edit system alert",
  description: "A banner on every signed-in screen, from its start until its end or until it is cleared.",
  post: "Post alert",
  save: "Save changes",
  posted: "System alert posted",
  saved: "System alert saved",
  badTime: "Enter a time as HH:MM",
} as const;

const LEVEL_OPTIONS = SYSTEM_ALERT_LEVELS.map((value) => ({
  value,
  label: SYSTEM_ALERT_LEVEL_LABELS[value],
}));

interface Moment {
  date: string | null;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

function momentOf(iso: string | null): Moment {
  if (!iso) return { date: null, time: "" };
  const d = new Date(iso);
  return { date: dateToIso(d), time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/**
 * The instant a day and a time name here: no day and no time → null (none); a time alone → today;
 * a day alone → its midnight. "bad" when the time is not HH:MM.
 */
function instantOf(moment: Moment): Date | null | "bad" {
  const time = moment.time.trim();
  if (!moment.date && !time) return null;
  const match = time ? /^(\d{1,2}):(\d{2})$/.exec(time) : ["", "0", "0"];
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return "bad";
  const [y, m, d] = (moment.date ?? dateToIso(new Date())).split("-").map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, Number(match[1]), Number(match[2]));
}

interface Errors {
  level?: string;
  message?: string;
  start?: string;
  end?: string;
}

/** Which field a message of the server is about. */
function fieldOf(message: string): keyof Errors | null {
  if (message === MESSAGES.invalidStartDate) return "start";
  if (
    [MESSAGES.endDateInvalid, MESSAGES.endDateBeforeStart, MESSAGES.invalidEndDate].includes(message as never)
  )
    return "end";
  if (message === SYSTEM_ALERT_MESSAGES.messageRequired || message === SYSTEM_ALERT_MESSAGES.messageTooLong)
    return "message";
  if (message === SYSTEM_ALERT_MESSAGES.levelRequired) return "level";
  return null;
}

function AlertForm({ alert, onDone }: { alert: TSystemAlert | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [level, setLevel] = useState<SystemAlertLevel | undefined>(alert?.level ?? "info");
  const [message, setMessage] = useState(alert?.message ?? "");
  const [start, setStart] = useState<Moment>(() => momentOf(alert?.starts_at ?? null));
  const [end, setEnd] = useState<Moment>(() => momentOf(alert?.ends_at ?? null));
  const [errors, setErrors] = useState<Errors>({});
  const zone = browserTimeZone();

  const save = useMutation({
    mutationFn: (body: TSystemAlertRequest) =>
      alert ? updateSystemAlert(alert.id, body) : createSystemAlert(body),
    onSuccess: () => {
      toast.success(alert ? DIALOG_TEXT.saved : DIALOG_TEXT.posted);
      void queryClient.invalidateQueries({ queryKey: systemAlertKeys.all });
      onDone();
    },
    onError: (error) => {
      const field = isApiError(error) ? fieldOf(error.error) : null;
      if (field && isApiError(error)) setErrors({ [field]: error.error });
      else toast.error(errorMessage(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!level) found.level = SYSTEM_ALERT_MESSAGES.levelRequired;
    const words = message.trim();
    if (!words) found.message = SYSTEM_ALERT_MESSAGES.messageRequired;
    else if (words.length > SYSTEM_ALERT_MESSAGE_MAX) found.message = SYSTEM_ALERT_MESSAGES.messageTooLong;
    const startAt = instantOf(start);
    const endAt = instantOf(end);
    if (startAt === "bad") found.start = DIALOG_TEXT.badTime;
    if (endAt === "bad") found.end = DIALOG_TEXT.badTime;
    if (startAt !== "bad" && endAt !== "bad" && endAt) {
      const window = systemAlertWindowError(startAt, endAt);
      if (window) found.end = window;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !level || startAt === "bad" || endAt === "bad") return;
    save.mutate({
      level,
      message: words,
      starts_at: startAt ? startAt.toISOString() : null,
      ends_at: endAt ? endAt.toISOString() : null,
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <Field label="Level" error={errors.level}>
        {(control) => (
          <Select
            {...control}
            options={LEVEL_OPTIONS}
            value={level}
            onValueChange={(value) => setLevel(value as SystemAlertLevel)}
          />
        )}
      </Field>
      <TextareaField
        label="Message"
        value={message}
        maxLength={SYSTEM_ALERT_MESSAGE_MAX + 50}
        rows={3}
        error={errors.message}
        hint={`${message.trim().length} of ${SYSTEM_ALERT_MESSAGE_MAX} characters`}
        onChange={(event) => setMessage(event.target.value)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Start</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <DatePicker
            label="Start date"
            value={start.date}
            onChange={(date) => setStart((s) => ({ ...s, date }))}
            error={errors.start}
          />
          <TextField
            label="Start time"
            type="time"
            value={start.time}
            onChange={(event) => setStart((s) => ({ ...s, time: event.target.value }))}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          {alert ? "Leave empty to keep its start." : "Leave empty to show it now."}
        </p>
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">End</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <DatePicker
            label="End date"
            value={end.date}
            onChange={(date) => setEnd((s) => ({ ...s, date }))}
            error={errors.end}
          />
          <TextField
            label="End time"
            type="time"
            value={end.time}
            onChange={(event) => setEnd((s) => ({ ...s, time: event.target.value }))}
          />
        </div>
        <p className="text-sm text-muted-foreground">Leave empty to show it until it is cleared.</p>
      </fieldset>
      <p className="text-sm text-muted-foreground">
        {`Times are in your time zone${zone ? `, ${zone.replaceAll("_", " ")}` : ""}. A day without a time starts at midnight; a time without a day is today.`}
      </p>
      <DialogFooter>
        <Button type="submit" busy={save.isPending}>
          {alert ? DIALOG_TEXT.save : DIALOG_TEXT.post}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** `alert` null: a new one. Opened from code; focus goes back to the opener when it closes. */
export function SystemAlertDialog({
  open,
  alert,
  onOpenChange,
}: {
  open: boolean;
  alert: TSystemAlert | null;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{alert ? DIALOG_TEXT.editTitle : DIALOG_TEXT.newTitle}</DialogTitle>
          <DialogDescription>{DIALOG_TEXT.description}</DialogDescription>
        </DialogHeader>
        {open && <AlertForm key={alert?.id ?? "new"} alert={alert} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
