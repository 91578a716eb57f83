/**
 * Date field of spec §2.4 and §5: typed or picked, shown as dd-MM-yyyy, given to the form as
 * ISO yyyy-mm-dd. Typed text is read when the field is left (or on Enter): a real date is
 * rewritten as dd-MM-yyyy, anything else shows "Date input not valid." beside the field and
 * gives the form no date (null). The calendar opens from the button (Escape closes it) and
 * is keyboard-driven: arrows move by day and week, Page Up/Down by month, Enter picks.
 * Heavy (react-day-picker): import it only from screens that use it, which load lazily.
 */
import {
  DISPLAY_DATE_FORMAT,
  dateInputError,
  formatDisplayDate,
  parseDisplayDate,
} from "@portico/shared/rules/date-input";
import CalendarDays from "lucide-react/icons/calendar-days";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { DayPicker } from "react-day-picker";
import "react-day-picker/style.css";
import { Field } from "./field";
import { IconButton } from "./icon-button";
import { Input } from "./input";
import { Popover, PopoverAnchor, PopoverContent, PopoverTrigger } from "./popover";

/** "2025-12-31" → a local Date at midnight; null for anything else. */
export function isoToDate(iso: string | null | undefined): Date | null {
  const parts = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!parts) return null;
  return new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
}

/** A local Date → "2025-12-31". */
export function dateToIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DatePickerProps {
  label: string;
  /** ISO yyyy-mm-dd, or null for no date. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** An error from the form (required, out of range …); the picker's own parse error comes first. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Earliest and latest days that can be picked (ISO). */
  min?: string;
  max?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}

export function DatePicker({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  disabled = false,
  id,
  className,
}: DatePickerProps) {
  const [text, setText] = useState(() => (value ? (formatDisplayDate(value) ?? "") : ""));
  const [parseError, setParseError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const emitted = useRef(value);

  const emit = (next: string | null) => {
    emitted.current = next;
    if (next !== value) onChange(next);
  };

  // A value set from outside (a reset, a loaded record) replaces the text.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(value ? (formatDisplayDate(value) ?? "") : "");
    setParseError(null);
  }, [value]);

  const commit = () => {
    const problem = dateInputError(text);
    setParseError(problem);
    const iso = problem || !text.trim() ? null : parseDisplayDate(text);
    if (iso) setText(formatDisplayDate(iso) ?? text);
    emit(iso);
  };

  const selected = isoToDate(value) ?? undefined;
  const earliest = isoToDate(min);
  const latest = isoToDate(max);
  const disabledDays = [...(earliest ? [{ before: earliest }] : []), ...(latest ? [{ after: latest }] : [])];

  return (
    <Field
      label={label}
      error={parseError ?? error}
      hint={hint ?? `Format ${DISPLAY_DATE_FORMAT.toLowerCase()}`}
      id={id}
      className={className}
    >
      {(control) => (
        <Popover open={open} onOpenChange={setOpen}>
          <PopoverAnchor asChild>
            <div className="flex gap-2">
              <Input
                {...control}
                value={text}
                disabled={disabled}
                inputMode="numeric"
                autoComplete="off"
                placeholder={DISPLAY_DATE_FORMAT.toLowerCase()}
                onChange={(event) => setText(event.target.value)}
                onBlur={commit}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    commit();
                  }
                }}
                className="max-w-40"
              />
              <PopoverTrigger asChild>
                <IconButton
                  label={`Choose ${label.toLowerCase()}`}
                  icon={CalendarDays}
                  variant="secondary"
                  disabled={disabled}
                  tooltip={false}
                />
              </PopoverTrigger>
            </div>
          </PopoverAnchor>
          <PopoverContent className="w-auto p-2" aria-label={`Calendar: ${label}`}>
            <DayPicker
              mode="single"
              // Clicking the chosen day again keeps it: the calendar never empties a date field
              // behind the user's back (emptying the text is how a date is cleared).
              required
              autoFocus
              weekStartsOn={1}
              selected={selected}
              defaultMonth={selected ?? latest ?? undefined}
              disabled={disabledDays}
              onSelect={(day: Date | undefined) => {
                const iso = day ? dateToIso(day) : null;
                setText(iso ? (formatDisplayDate(iso) ?? "") : "");
                setParseError(null);
                emit(iso);
                setOpen(false);
              }}
              className="portico-calendar text-sm"
            />
          </PopoverContent>
        </Popover>
      )}
    </Field>
  );
}
