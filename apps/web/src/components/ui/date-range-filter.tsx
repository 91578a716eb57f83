/**
 * A range of days (spec §5) for reports and lists: two kit date pickers "From" and "To"
 * (dd-MM-yyyy) with the range's problems under each field in the spec's words
 * (rules/date-range.ts, the same rule the server answers 400 with), and optional quick ranges.
 * `onChange` hears only a whole valid range (also the same one again after the fields were
 * wrong); while they are wrong the screen keeps the last good one and `onInvalid` hears why. `useDateRangeParams` keeps the range in
 * the address (?from=&to=) so a report is linkable.
 * Heavy (the date picker): import it only from screens that load lazily.
 */
import {
  addDays,
  checkDateRange,
  type DateRangeProblems,
  type DayRange,
  defaultRange,
  latestToday,
} from "@portico/shared/rules/date-range";
import { MESSAGES } from "@portico/shared/validation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { cn } from "../../lib/cn";
import { Button } from "./button";
import { DatePicker } from "./date-picker";

export type { DateRangeProblems, DayRange };

export interface RangePreset {
  label: string;
  /** Days in the range, today included. */
  days: number;
}

export const RANGE_PRESETS: readonly RangePreset[] = [
  { label: "Last 7 days", days: 7 },
  { label: "Last 30 days", days: 30 },
  { label: "Last 90 days", days: 90 },
  { label: "Last 12 months", days: 365 },
];

/** The `days` days up to `to` (both included). */
export function presetRange(days: number, to: string): DayRange {
  return { from: addDays(to, -(days - 1)), to };
}

export interface RangeRules {
  maxDays?: number | undefined;
  endNotInFuture?: boolean | undefined;
  /** The latest acceptable day; default the newest day anywhere on Earth. */
  today?: string | undefined;
}

/**
 * Problems of a closed range whose fields may be empty or not dates (the picker gives null):
 * an empty start is "Invalid start date", an empty end "End date is invalid", then the rule's.
 */
export function rangeProblems(
  from: string | null,
  to: string | null,
  rules: RangeRules = {},
): DateRangeProblems {
  const problems = checkDateRange(from, to, {
    ...(rules.maxDays !== undefined ? { maxDays: rules.maxDays } : {}),
    ...(rules.endNotInFuture ? { endNotInFuture: true } : {}),
    ...(rules.today !== undefined ? { today: rules.today } : {}),
  });
  if (from === null) problems.from = MESSAGES.invalidStartDate;
  if (to === null) problems.to = MESSAGES.endDateInvalid;
  return problems;
}

const hasProblems = (problems: DateRangeProblems) => Boolean(problems.from || problems.to);

const START_MESSAGES: readonly string[] = [MESSAGES.invalidStartDate];
const END_MESSAGES: readonly string[] = [
  MESSAGES.endDateInvalid,
  MESSAGES.endDateBeforeStart,
  MESSAGES.invalidEndDate,
  MESSAGES.rangeTooLong,
];

/** A server's 400 about the range, as the field it is about; null for any other failure. */
export function rangeProblemsFromError(
  error: { status?: number; error: string } | null,
): DateRangeProblems | null {
  if (error?.status !== 400) return null;
  if (START_MESSAGES.includes(error.error)) return { from: error.error };
  if (END_MESSAGES.includes(error.error)) return { to: error.error };
  return null;
}

export interface DateRangeFilterProps extends RangeRules {
  value: DayRange;
  /** A whole, valid range the user chose. */
  onChange: (range: DayRange) => void;
  /** The fields' problems while they are wrong. */
  onInvalid?: ((problems: DateRangeProblems) => void) | undefined;
  /** Quick ranges ending today; false for none. */
  presets?: readonly RangePreset[] | false;
  /** The server's refusal of the range (its 400), shown on the field it is about. */
  errors?: DateRangeProblems | null | undefined;
  /** Names the group for assistive technology. */
  label?: string;
  className?: string;
}

export function DateRangeFilter({
  value,
  onChange,
  onInvalid,
  maxDays,
  endNotInFuture,
  today: todayProp,
  presets = RANGE_PRESETS,
  errors,
  label = "Date range",
  className,
}: DateRangeFilterProps) {
  const today = todayProp ?? latestToday();
  const rules = { maxDays, endNotInFuture, today };
  const [from, setFrom] = useState<string | null>(value.from);
  const [to, setTo] = useState<string | null>(value.to);
  const applied = useRef(value);
  const wasInvalid = useRef(false);

  // A range set from outside (a link, Back, a preset) replaces the fields.
  useEffect(() => {
    if (value.from === applied.current.from && value.to === applied.current.to) return;
    applied.current = value;
    setFrom(value.from);
    setTo(value.to);
  }, [value]);

  const problems = rangeProblems(from, to, rules);
  const shown = hasProblems(problems) ? problems : (errors ?? {});

  const apply = (nextFrom: string | null, nextTo: string | null) => {
    setFrom(nextFrom);
    setTo(nextTo);
    const next = rangeProblems(nextFrom, nextTo, rules);
    if (hasProblems(next) || nextFrom === null || nextTo === null) {
      wasInvalid.current = true;
      onInvalid?.(next);
      return;
    }
    const range = { from: nextFrom, to: nextTo };
    applied.current = range;
    // Back to the applied range after a wrong one is news too: the screen may be waiting for it.
    if (range.from !== value.from || range.to !== value.to || wasInvalid.current) onChange(range);
    wasInvalid.current = false;
  };

  // Quick ranges end on today in UTC, the day the server's default range ends on.
  const presetEnd = todayProp ?? todayUtc();
  return (
    <fieldset aria-label={label} className={cn("min-w-0", className)}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <DatePicker
          label="From"
          value={from}
          onChange={(next) => apply(next, to)}
          error={shown.from}
          max={today}
        />
        <DatePicker
          label="To"
          value={to}
          onChange={(next) => apply(from, next)}
          error={shown.to}
          {...(endNotInFuture ? { max: today } : {})}
        />
      </div>
      {presets && presets.length > 0 && (
        <fieldset aria-label="Quick ranges" className="mt-2 flex flex-wrap gap-2">
          {presets.map((preset) => {
            const range = presetRange(preset.days, presetEnd);
            const pressed = from === range.from && to === range.to;
            return (
              <Button
                key={preset.label}
                type="button"
                size="sm"
                variant={pressed ? "secondary" : "ghost"}
                aria-pressed={pressed}
                onClick={() => apply(range.from, range.to)}
              >
                {preset.label}
              </Button>
            );
          })}
        </fieldset>
      )}
    </fieldset>
  );
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

export interface DateRangeParams {
  /** The address's range, or the default (the last 30 days) for what it lacks. */
  range: DayRange;
  /** Problems of the address's range (a hand-edited link); {} when it is good. */
  problems: DateRangeProblems;
  valid: boolean;
  setRange: (range: DayRange) => void;
}

/** The range in the address (?from=&to=), other parameters kept; defaults to the last 30 days. */
export function useDateRangeParams(rules: RangeRules = {}): DateRangeParams {
  const [params, setParams] = useSearchParams();
  const fromParam = params.get("from");
  const toParam = params.get("to");
  const { maxDays, endNotInFuture, today } = rules;
  const range = useMemo(() => {
    const fallback = defaultRange();
    return { from: fromParam || fallback.from, to: toParam || fallback.to };
  }, [fromParam, toParam]);
  const problems = useMemo(
    () => rangeProblems(range.from, range.to, { maxDays, endNotInFuture, today }),
    [range, maxDays, endNotInFuture, today],
  );
  const setRange = useCallback(
    (next: DayRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set("from", next.from);
          updated.set("to", next.to);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { range, problems, valid: !hasProblems(problems), setRange };
}
