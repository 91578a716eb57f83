/**
 * What /activity and /activity/v2 share: the question in the address (range and engineer), its
 * filters, the CSV menu, the link to the other view, the loading, empty and failed states, all in
 * one frame (ActivityFrame) around each screen's own figures.
 */
import { type DayRange, MAX_RANGE_DAYS, rangeDays } from "@portico/shared/rules/date-range";
import {
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import ChartLine from "lucide-react/icons/chart-line";
import ChevronDown from "lucide-react/icons/chevron-down";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Button, buttonVariants } from "../../components/ui/button";
import { Combobox } from "../../components/ui/combobox";
import {
  DateRangeFilter,
  type DateRangeProblems,
  presetRange,
  rangeProblemsFromError,
  useDateRangeParams,
} from "../../components/ui/date-range-filter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { engineersQuery } from "../conversations/presence";
import { type ActivityExportView, type ActivityFilter, downloadActivityCsv } from "./activity-api";

const RANGE_RULES = { maxDays: MAX_RANGE_DAYS, endNotInFuture: true } as const;
const ALL = "all";

interface ActivityControls {
  filter: ActivityFilter;
  /** The range passes spec §5: the address's (a hand-edited link may not) and the fields'. */
  valid: boolean;
  setRange: (range: DayRange) => void;
  /** The fields hold a wrong range: the screen waits for a good one. */
  setFieldsWrong: () => void;
  setUserId: (userId: number | null) => void;
  /** The address's query (range and engineer), for the link to the other view. */
  search: string;
}

/** The range (?from=&to=, the last 30 days by default) and the engineer (?user_id=) in the address. */
function useActivityFilter(): ActivityControls {
  const { range, valid, setRange: setRangeParams } = useDateRangeParams(RANGE_RULES);
  const [fieldsWrong, setFieldsWrong] = useState(false);
  const [params, setParams] = useSearchParams();
  const userParam = Number(params.get("user_id"));
  const userId = Number.isInteger(userParam) && userParam > 0 ? userParam : null;
  const filter = useMemo(() => ({ from: range.from, to: range.to, userId }), [range, userId]);
  const setRange = useCallback(
    (next: DayRange) => {
      setFieldsWrong(false);
      setRangeParams(next);
    },
    [setRangeParams],
  );
  const setUserId = useCallback(
    (next: number | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === null) updated.delete("user_id");
          else updated.set("user_id", String(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  const search = new URLSearchParams({
    from: filter.from,
    to: filter.to,
    ...(userId === null ? {} : { user_id: String(userId) }),
  }).toString();
  return {
    filter,
    valid: valid && !fieldsWrong,
    setRange,
    setFieldsWrong: useCallback(() => setFieldsWrong(true), []),
    setUserId,
    search: `?${search}`,
  };
}

/** Every engineer (GET /api/chat/engineers) by name, "All engineers" first. */
function EngineerFilter({
  userId,
  onChange,
}: {
  userId: number | null;
  onChange: (userId: number | null) => void;
}) {
  const engineers = useQuery(engineersQuery());
  const options = [
    { value: ALL, label: "All engineers" },
    ...[...(engineers.data ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((engineer) => ({ value: String(engineer.user_id), label: engineer.name })),
  ];
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span aria-hidden="true" className="text-sm font-medium">
        Engineer
      </span>
      <Combobox
        aria-label="Engineer"
        className="w-full sm:w-56"
        options={options}
        value={userId === null ? ALL : String(userId)}
        selectedLabel={userId === null ? undefined : `Engineer #${userId}`}
        searchPlaceholder="Search engineers…"
        emptyText="No engineer of that name."
        loading={engineers.isPending}
        onValueChange={(value) => onChange(value === ALL ? null : Number(value))}
      />
    </div>
  );
}

function ActivityFilters({
  controls,
  refused,
}: {
  controls: ActivityControls;
  /** The server's refusal of the range. */
  refused: DateRangeProblems | null;
}) {
  const { filter } = controls;
  return (
    <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
      <DateRangeFilter
        label="Activity dates"
        value={{ from: filter.from, to: filter.to }}
        onChange={controls.setRange}
        onInvalid={controls.setFieldsWrong}
        errors={refused}
        {...RANGE_RULES}
      />
      <EngineerFilter userId={filter.userId} onChange={controls.setUserId} />
    </div>
  );
}

const EXPORTS: { view: ActivityExportView; label: string }[] = [
  { view: "summary", label: "Summary per engineer" },
  { view: "daily", label: "Day by day" },
  { view: "breaches", label: "SLA breaches" },
];

/** "Download CSV": the summary, the days or every breach of the question on screen. */
function DownloadCsvMenu({ filter, disabled }: { filter: ActivityFilter; disabled?: boolean }) {
  const download = useMutation({
    mutationFn: (view: ActivityExportView) => downloadActivityCsv(filter, view),
    onSuccess: (name) => toast.success(`${name} has been downloaded.`),
    onError: (error) => toast.error(`The download failed: ${errorMessage(error)}`),
  });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" busy={download.isPending} disabled={disabled}>
          {!download.isPending && <FileSpreadsheet aria-hidden="true" />}
          Download CSV
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {EXPORTS.map((item) => (
          <DropdownMenuItem key={item.view} onSelect={() => download.mutate(item.view)}>
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The other view of the same question. */
function ViewLink({ to, label, search }: { to: string; label: string; search: string }) {
  return (
    <Link to={{ pathname: to, search }} className={buttonVariants({ variant: "ghost" })}>
      {label}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}

/** Nothing happened in the range: the next step is a longer one (or the queue, where the work is). */
function NoActivity({ controls }: { controls: ActivityControls }) {
  const year = presetRange(365, new Date().toISOString().slice(0, 10));
  const longer = rangeDays(controls.filter) < 365;
  return (
    <EmptyState
      icon={ChartLine}
      title="No engineer activity in this range"
      description={
        <p>
          No messages, first responses, answers or time logged in these dates
          {controls.filter.userId === null ? "" : " by this engineer"}.
          {longer ? " Try a longer range." : " Engineers' work in the issue queue shows here."}
        </p>
      }
      action={
        longer ? (
          <Button variant="secondary" onClick={() => controls.setRange(year)}>
            Show the last 12 months
          </Button>
        ) : (
          <Link to="/issues" className={buttonVariants({ variant: "secondary" })}>
            Open the issue queue
            <ArrowRight aria-hidden="true" />
          </Link>
        )
      }
    />
  );
}

function ActivitySkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="space-y-6">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {Array.from({ length: 10 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </LoadingRegion>
  );
}

const CORRECT_DATES = "Correct the dates to see the activity.";

/**
 * One view of the question in the address: its filters, the link to the other view, the CSV menu,
 * then the wait for a correct range, the failure with Retry, the skeleton, the empty range, or
 * `children` with the answer (a failed refresh shows its error above the last answer).
 */
export function ActivityFrame<T, Key extends QueryKey>({
  query,
  otherView,
  loadingLabel,
  isEmpty,
  children,
}: {
  query: (filter: ActivityFilter) => UseQueryOptions<T, DefaultError, T, Key>;
  otherView: { to: string; label: string };
  loadingLabel: string;
  isEmpty: (answer: T) => boolean;
  children: (answer: T) => ReactNode;
}) {
  const controls = useActivityFilter();
  const answer = useQuery({ ...query(controls.filter), enabled: controls.valid });
  const refused = rangeProblemsFromError(answer.error);
  return (
    <div className="space-y-6">
      <ActivityFilters controls={controls} refused={refused} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {answer.isPlaceholderData ? "Updating…" : ""}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <ViewLink {...otherView} search={controls.search} />
          <DownloadCsvMenu filter={controls.filter} disabled={!controls.valid || refused !== null} />
        </div>
      </div>
      {!controls.valid || refused ? (
        <p className="text-sm text-muted-foreground">{CORRECT_DATES}</p>
      ) : answer.isPending ? (
        <ActivitySkeleton label={loadingLabel} />
      ) : answer.data === undefined ? (
        // Failed before any answer came.
        <QueryError query={answer} />
      ) : isEmpty(answer.data) ? (
        <NoActivity controls={controls} />
      ) : (
        <>
          {answer.isError && <QueryError query={answer} />}
          {children(answer.data)}
        </>
      )}
    </div>
  );
}
