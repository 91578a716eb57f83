/**
 * /feedback (engineers): what users sent from "Send feedback" in their menu, newest first
 * (GET /api/auth/feedback), narrowed by words, rating, organization (searched on the server,
 * GET accountsinfo?q=) and days (spec §5's date messages beside the fields), with the average
 * rating of everything that matches. Customers get the engineers-only placeholder.
 */
import { checkDateRange } from "@portico/shared/rules/date-range";
import { FEEDBACK_RATING_LABELS, type FeedbackRating } from "@portico/shared/schemas/feedback";
import { useQuery } from "@tanstack/react-query";
import MessageSquareHeart from "lucide-react/icons/message-square-heart";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Star from "lucide-react/icons/star";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Combobox } from "../../components/ui/combobox";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import { DatePicker, dateToIso } from "../../components/ui/date-picker";
import { rangeProblemsFromError } from "../../components/ui/date-range-filter";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Pager } from "../../components/ui/pager";
import { Select } from "../../components/ui/select";
import { api } from "../../lib/api-client";
import { formatWhen } from "../files/format";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { useDebouncedValue } from "../search/use-debounced-value";
import {
  FEEDBACK_PAGE_SIZE,
  type FeedbackFilter,
  feedbackListQuery,
  NO_FEEDBACK_FILTER,
  type TFeedback,
} from "./feedback-api";

const TITLE = "Feedback";
const SEARCH_DEBOUNCE_MS = 300;
const ALL = "all";

const ratingLabel = (rating: number) =>
  `${rating} · ${FEEDBACK_RATING_LABELS[rating as FeedbackRating] ?? ""}`.trim();

function Rating({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <Star aria-hidden="true" className="size-3.5 fill-current text-muted-foreground" />
      {ratingLabel(value)}
    </span>
  );
}

const col = dataTableColumns<TFeedback>();
const COLUMNS: DataTableColumn<TFeedback>[] = [
  col.accessor("created_at", {
    header: "When",
    enableSorting: false,
    cell: (info) => <span className="whitespace-nowrap">{formatWhen(info.getValue())}</span>,
  }),
  col.accessor("rating", {
    header: "Rating",
    enableSorting: false,
    cell: (info) => <Rating value={info.getValue()} />,
  }),
  col.accessor("text", {
    header: "Feedback",
    enableSorting: false,
    cell: (info) => <p className="max-w-md min-w-48 break-words whitespace-pre-wrap">{info.getValue()}</p>,
  }),
  col.accessor("user_name", {
    header: "From",
    enableSorting: false,
    cell: (info) => (
      <div className="min-w-36">
        <p className="font-medium">{info.getValue()}</p>
        <p className="break-all text-muted-foreground">{info.row.original.user_email}</p>
      </div>
    ),
  }),
  col.accessor("company", {
    header: "Organization",
    enableSorting: false,
    cell: (info) => {
      const row = info.row.original;
      return row.account_id !== null && row.company ? (
        <Link
          to={`/customers/${row.account_id}`}
          className="font-medium text-link underline-offset-4 hover:underline"
        >
          {row.company}
        </Link>
      ) : (
        <span className="text-muted-foreground">No organization</span>
      );
    },
  }),
  col.accessor("page", {
    header: "Page",
    enableSorting: false,
    cell: (info) => <span className="break-all text-muted-foreground">{info.getValue() ?? ""}</span>,
  }),
];

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {children}
    </div>
  );
}

interface OrganizationChoice {
  accountId: number | null;
  company: string | null;
}

/** Organizations found by name on the server (20 at a time), "All organizations" first. */
function OrganizationPicker({
  value,
  onChange,
}: {
  value: OrganizationChoice;
  onChange: (choice: OrganizationChoice) => void;
}) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ["feedback", "organizations", q],
    queryFn: ({ signal }) =>
      api.get<{ items: { account_id: number; company: string }[] }>("/api/auth/accountsinfo", {
        aid: false,
        signal,
        query: { q: q || undefined, page_size: 20 },
      }),
  });
  const options = [
    { value: ALL, label: "All organizations" },
    ...(found.data?.items ?? []).map((account) => ({
      value: String(account.account_id),
      label: account.company,
    })),
  ];
  return (
    <Labelled label="Organization">
      <Combobox
        aria-label="Organization"
        className="w-full sm:w-52"
        options={options}
        value={value.accountId === null ? ALL : String(value.accountId)}
        selectedLabel={value.company ?? undefined}
        searchPlaceholder="Search organizations…"
        emptyText="No organization of that name."
        loading={found.isPending}
        onSearchChange={setSearch}
        onValueChange={(v) => {
          if (v === ALL) onChange({ accountId: null, company: null });
          else onChange({ accountId: Number(v), company: options.find((o) => o.value === v)?.label ?? null });
        }}
      />
    </Labelled>
  );
}

/**
 * Spec §5 for an optional range (either end may be left empty): the shared rule, so a start
 * after today or an end before the start is told here as the server would.
 */
export function feedbackRangeErrors(from: string | null, to: string | null, today = dateToIso(new Date())) {
  return checkDateRange(from, to, { today });
}

function FeedbackList() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [rating, setRating] = useState<number | null>(null);
  const [organization, setOrganization] = useState<OrganizationChoice>({ accountId: null, company: null });
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  // The picker's own input (left empty, or a bad date) restarts it; a reset remounts the fields.
  const [resets, setResets] = useState(0);
  const searchId = useId();
  const today = dateToIso(new Date());

  const problems = feedbackRangeErrors(from, to, today);
  const valid = !problems.from && !problems.to;
  const filter: FeedbackFilter = { q, rating, accountId: organization.accountId, from, to };
  const list = useQuery({ ...feedbackListQuery(filter, page), enabled: valid });
  const refused = valid ? rangeProblemsFromError(list.error) : null;
  const errors = refused ?? problems;
  const filtered =
    search.trim() !== "" ||
    rating !== null ||
    organization.accountId !== null ||
    from !== null ||
    to !== null;

  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const reset = () => {
    setSearch("");
    setRating(null);
    setOrganization({ accountId: null, company: null });
    setFrom(NO_FEEDBACK_FILTER.from);
    setTo(NO_FEEDBACK_FILTER.to);
    setPage(1);
    setResets((n) => n + 1);
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / FEEDBACK_PAGE_SIZE));
  const average = list.data?.average_rating ?? null;

  return (
    <div className="space-y-4">
      <fieldset aria-label="Feedback filters" className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-56">
          <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
            Search
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder="Words in the feedback…"
            value={search}
            onChange={(event) => change(setSearch)(event.target.value)}
          />
        </div>
        <Labelled label="Rating">
          <Select
            aria-label="Rating"
            className="w-40"
            options={[
              { value: ALL, label: "All ratings" },
              ...[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: ratingLabel(n) })),
            ]}
            value={rating === null ? ALL : String(rating)}
            onValueChange={(v) => change(setRating)(v === ALL ? null : Number(v))}
          />
        </Labelled>
        <OrganizationPicker value={organization} onChange={change(setOrganization)} />
        <DatePicker
          key={`from-${resets}`}
          label="From"
          value={from}
          onChange={change(setFrom)}
          error={errors.from}
          max={today}
        />
        <DatePicker key={`to-${resets}`} label="To" value={to} onChange={change(setTo)} error={errors.to} />
        {filtered && (
          <div className="flex flex-col gap-1">
            <span aria-hidden="true" className="text-xs">
              &nbsp;
            </span>
            <Button variant="ghost" onClick={reset}>
              <RotateCcw aria-hidden="true" />
              Clear filters
            </Button>
          </div>
        )}
      </fieldset>
      {!valid || refused ? (
        <p className="text-sm text-muted-foreground">Correct the dates to see the feedback.</p>
      ) : list.isError ? (
        <QueryError query={list} />
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {list.isPending
              ? "Loading feedback…"
              : average === null
                ? "No ratings to average."
                : `Average rating ${average.toLocaleString("en-US", { maximumFractionDigits: 2 })} of 5 from ${total.toLocaleString("en-US")} ${total === 1 ? "entry" : "entries"}.`}
          </p>
          <DataTable
            label="Feedback"
            columns={COLUMNS}
            data={list.data?.items ?? []}
            getRowId={(row) => String(row.id)}
            loading={list.isPending}
            pageSize={FEEDBACK_PAGE_SIZE}
            empty={
              filtered ? (
                <EmptyState
                  icon={MessageSquareHeart}
                  title="No feedback matches these filters"
                  description={<p>Try other words, another rating or wider dates.</p>}
                  action={
                    <Button variant="secondary" onClick={reset}>
                      Clear filters
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={MessageSquareHeart}
                  title="No feedback yet"
                  description={
                    <p>
                      Users send feedback from their user menu (Send feedback); it appears here. Try it
                      yourself from your menu.
                    </p>
                  }
                />
              )
            }
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

export default function FeedbackScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="What users say about the portal, newest first, with the average rating."
    >
      {() => <FeedbackList />}
    </EngineerScreen>
  );
}
