/**
 * The queue's filters (spec §9): assignment filter (with an engineer picker for "Assigned to",
 * "Me" by default), the engineers' tag filter and the sort, which also offers the SLA deadline
 * order (issue 18: issues waiting for a first response, soonest deadline first). The state lives
 * in the URL's search params (`?filter=&assignee=&tag=&sort=&order=&page=`), so a reload keeps it
 * and a link shares it; the filter, sort and order are also remembered in the browser (spec §3)
 * for a bare `/issues`.
 */
import { ASSIGNMENT_FILTERS, type AssignmentFilter } from "@portico/shared/rules/roles";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Select } from "../../../components/ui/select";
import { usePersisted } from "../../../lib/persisted-store";
import type { IssueOrder, SortOrder } from "../api";
import { engineersQuery } from "../presence";
import { useTagCatalogue } from "../work-api";

export const FILTER_LABELS: Record<AssignmentFilter, string> = {
  all: "All issues",
  unassigned: "Unassigned",
  assigned: "Assigned",
  assignee: "Assigned to",
  following: "Following",
  participating: "Participating",
  unread: "Unread",
  on_call: "On call",
};

/** Customers have no assignees to sort by or on-call duty: the filters about their own reading. */
export const CUSTOMER_FILTERS: readonly AssignmentFilter[] = ["all", "following", "participating", "unread"];

/** The sort select: the §9 update-time sorts, or the SLA deadline order (the rest newest first). */
const SLA_ORDER = "sla";
const SORT_OPTIONS = [
  { value: "DESC", label: "Newest first" },
  { value: "ASC", label: "Oldest first" },
  { value: SLA_ORDER, label: "SLA deadline" },
];

const ME = "me";
/** A long engineer or tag name stays on one line, cut with an ellipsis. */
const ONE_LINE = "[&>span]:min-w-0 [&>span]:truncate";
const ANY_TAG = "any";

export interface QueueState {
  filter: AssignmentFilter;
  /** With filter "assignee": the engineer chosen; null is the viewer ("Me"). */
  assignee: number | null;
  /** Engineers: the tag the queue is narrowed to. */
  tag: number | null;
  sort: SortOrder;
  order: IssueOrder;
  page: number;
}

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The queue's state from the URL (then the browser's memory), and the way to change it. */
export function useQueueState(isEngineer: boolean) {
  const [params, setParams] = useSearchParams();
  const [storedFilter, setStoredFilter] = usePersisted("issuesFilter");
  const [storedSort, setStoredSort] = usePersisted("issuesSort");
  const filters = isEngineer ? ASSIGNMENT_FILTERS : CUSTOMER_FILTERS;
  const allowed = (value: string | null): value is AssignmentFilter =>
    filters.includes(value as AssignmentFilter);

  const urlFilter = params.get("filter");
  const filter = allowed(urlFilter) ? urlFilter : allowed(storedFilter) ? storedFilter : "all";
  const urlSort = params.get("sort");
  const urlOrder = params.get("order");
  // Sort and order come together, from the URL or else from the one remembered sort option.
  const sortInUrl = urlSort !== null || urlOrder !== null;
  const sort: SortOrder = (sortInUrl ? urlSort : storedSort) === "ASC" ? "ASC" : "DESC";
  const order: IssueOrder = (sortInUrl ? urlOrder : storedSort) === SLA_ORDER ? "sla" : "queue";
  const state: QueueState = {
    filter,
    assignee: filter === "assignee" ? positiveId(params.get("assignee")) : null,
    tag: isEngineer ? positiveId(params.get("tag")) : null,
    sort,
    order,
    page: positiveId(params.get("page")) ?? 1,
  };

  const write = (next: QueueState, replace = true) => {
    const search = new URLSearchParams();
    if (next.filter !== "all") search.set("filter", next.filter);
    if (next.filter === "assignee" && next.assignee !== null) search.set("assignee", String(next.assignee));
    if (next.tag !== null) search.set("tag", String(next.tag));
    if (next.sort !== "DESC") search.set("sort", next.sort);
    if (next.order !== "queue") search.set("order", next.order);
    if (next.page > 1) search.set("page", String(next.page));
    setParams(search, { replace });
  };

  // A bare /issues shows the remembered filter and sort: put them in the URL, so it can be shared.
  const missing =
    (urlFilter === null && filter !== "all") || (!sortInUrl && (sort !== "DESC" || order !== "queue"));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the URL lacks what is shown
  useEffect(() => {
    if (missing) write(state);
  }, [missing]);

  /** A new filter, assignee, tag or sort: back to the first page, remembered for next time. */
  const change = (patch: Partial<Omit<QueueState, "page">>) => {
    const next = { ...state, ...patch, page: 1 };
    if (patch.filter !== undefined) setStoredFilter(patch.filter === "all" ? null : patch.filter);
    if (patch.sort !== undefined || patch.order !== undefined)
      setStoredSort(next.order === "sla" ? SLA_ORDER : next.sort === "ASC" ? "ASC" : null);
    write(next);
  };
  const setPage = (page: number) => write({ ...state, page }, false);
  const reset = () => change({ filter: "all", assignee: null, tag: null });

  return { state, filters, change, setPage, reset };
}

export type QueueControls = ReturnType<typeof useQueueState>;

function AssigneePicker({
  value,
  selfId,
  onChange,
}: {
  value: number | null;
  selfId: number | null;
  onChange: (id: number | null) => void;
}) {
  const engineers = useQuery(engineersQuery());
  const options = [
    { value: ME, label: "Me" },
    ...(engineers.data ?? [])
      .filter((e) => e.user_id !== selfId)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => ({ value: String(e.user_id), label: e.name })),
  ];
  return (
    <Select
      aria-label="Assignee"
      className={`w-48 ${ONE_LINE}`}
      options={options}
      // A link naming the viewer's own id shows "Me" too.
      value={value === null || value === selfId ? ME : String(value)}
      onValueChange={(v) => onChange(v === ME ? null : Number(v))}
    />
  );
}

function TagFilter({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const tags = useTagCatalogue();
  const options = [
    { value: ANY_TAG, label: "Any tag" },
    ...(tags.data?.items ?? []).map((t) => ({ value: String(t.id), label: t.name })),
  ];
  const known = value === null || options.some((o) => o.value === String(value));
  return (
    <Select
      aria-label="Tag filter"
      className={`w-44 ${ONE_LINE}`}
      // A tag not (or not yet) in the catalogue: shown by its id until the catalogue has it.
      options={known ? options : [...options, { value: String(value), label: `Tag #${value}` }]}
      value={value === null ? ANY_TAG : String(value)}
      onValueChange={(v) => onChange(v === ANY_TAG ? null : Number(v))}
    />
  );
}

interface QueueFiltersProps {
  controls: QueueControls;
  isEngineer: boolean;
  /** The viewer: "Me" in the assignee picker. */
  selfId: number | null;
}

export function QueueFilters({ controls, isEngineer, selfId }: QueueFiltersProps) {
  const { state, filters, change } = controls;
  return (
    <>
      <Select
        aria-label="Assignment filter"
        className="w-44"
        options={filters.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
        value={state.filter}
        onValueChange={(v) => change({ filter: v as AssignmentFilter, assignee: null })}
      />
      {state.filter === "assignee" && (
        <AssigneePicker
          value={state.assignee}
          selfId={selfId}
          onChange={(assignee) => change({ assignee })}
        />
      )}
      {isEngineer && <TagFilter value={state.tag} onChange={(tag) => change({ tag })} />}
      <Select
        aria-label="Sort"
        className="w-40"
        options={SORT_OPTIONS}
        value={state.order === "sla" ? SLA_ORDER : state.sort}
        onValueChange={(v) =>
          change(
            v === SLA_ORDER
              ? { sort: "DESC", order: "sla" }
              : { sort: v === "ASC" ? "ASC" : "DESC", order: "queue" },
          )
        }
      />
    </>
  );
}
