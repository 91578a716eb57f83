/**
 * "Jump to date": the kit's date picker (dd-MM-yyyy) and the lookup-message route. The first
 * message written on or after that day (the browser's midnight) opens as a `?msgIndex=` deep link,
 * highlighted; a day after the last message says so in the form.
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DatePicker, dateToIso, isoToDate } from "../../../components/ui/date-picker";
import { errorMessage } from "../../../lib/api-client";
import { issuesApi } from "../api";

export function JumpToDateForm({ issueNumber, onDone }: { issueNumber: number; onDone: () => void }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone: the date field takes the focus.
  useEffect(() => formRef.current?.querySelector("input")?.focus(), []);
  const [day, setDay] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const jump = useMutation({
    // Local midnight of the chosen day, sent as an instant (the server compares instants).
    mutationFn: (iso: string) => issuesApi.lookup(issueNumber, (isoToDate(iso) as Date).toISOString()),
    onSuccess: ({ msgIndex }) => {
      onDone();
      navigate(`/issues/${issueNumber}?msgIndex=${msgIndex}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!day) {
      setMissing("Choose a date");
      return;
    }
    setMissing(undefined);
    jump.mutate(day);
  };
  return (
    <form ref={formRef} onSubmit={submit} className="mb-4 space-y-2" aria-label="Jump to date">
      <div className="flex flex-wrap items-start gap-2">
        <DatePicker
          label="Date"
          value={day}
          onChange={(next) => {
            setDay(next);
            jump.reset();
          }}
          error={missing}
          max={dateToIso(new Date())}
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" busy={jump.isPending}>
            Jump
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
      <ErrorAlert>{jump.isError ? errorMessage(jump.error) : null}</ErrorAlert>
    </form>
  );
}
