/**
 * Contracted against reported capacity per organization, fullest first (GET
 * reports/accounts/capacity): narrowed by flag and company, paged on the server, each flag a
 * badge in words (not colour alone).
 */
import type { TCapacityRow } from "@portico/shared/schemas/reports";
import { useQuery } from "@tanstack/react-query";
import Gauge from "lucide-react/icons/gauge";
import { useId, useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Pager } from "../../components/ui/pager";
import { Select } from "../../components/ui/select";
import { type Column, PageTable, RowsSkeleton } from "../customers/customer-tabs/tab-parts";
import { useDebouncedValue } from "../search/use-debounced-value";
import { count, FLAG_BADGES, FLAG_LABELS, pct, planLabel, STATUS_LABELS, tib } from "./format";
import { CAPACITY_PAGE_SIZE, type CapacityFilter, capacityQuery } from "./reports-api";

const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS: Column<TCapacityRow>[] = [
  {
    header: "Organization",
    className: "min-w-36",
    cell: (row) => (
      <Link
        to={`/customers/${row.account_id}`}
        className="font-medium text-link underline-offset-4 hover:underline"
      >
        {row.company}
      </Link>
    ),
  },
  {
    header: "Plan",
    className: "whitespace-nowrap",
    cell: (row) => `${planLabel(row.plan)}${row.is_trial ? " (trial)" : ""}`,
  },
  { header: "Status", className: "whitespace-nowrap", cell: (row) => STATUS_LABELS[row.status] },
  {
    header: "Contract",
    className: "text-right tabular-nums whitespace-nowrap",
    cell: (row) => tib(row.contract_tib),
  },
  {
    header: "Reported",
    className: "text-right tabular-nums whitespace-nowrap",
    cell: (row) => tib(row.reported_tib),
  },
  {
    header: "Usage",
    className: "text-right tabular-nums whitespace-nowrap",
    cell: (row) => pct(row.usage_pct),
  },
  {
    header: "Flag",
    cell: (row) => <Badge variant={FLAG_BADGES[row.flag]}>{FLAG_LABELS[row.flag]}</Badge>,
  },
];

const FLAG_OPTIONS = [
  { value: "all", label: "All flags" },
  ...(["over", "near", "within", "unknown"] as const).map((flag) => ({
    value: flag,
    label: FLAG_LABELS[flag],
  })),
];

export function CapacityTable() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [flag, setFlag] = useState<CapacityFilter["flag"]>("all");
  const [page, setPage] = useState(1);
  const searchId = useId();
  const list = useQuery(capacityQuery({ flag, q, page }));
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CAPACITY_PAGE_SIZE));
  const filtered = q !== "" || flag !== "all";
  const clear = () => {
    setSearch("");
    setFlag("all");
    setPage(1);
  };

  return (
    <div className="space-y-3">
      <fieldset aria-label="Capacity filters" className="flex flex-wrap items-end gap-3">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-56">
          <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
            Organization
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder="Search organizations…"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="flex flex-col gap-1">
          <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
            Flag
          </span>
          <Select
            aria-label="Flag"
            className="w-44"
            options={FLAG_OPTIONS}
            value={flag}
            onValueChange={(value) => {
              setFlag(value as CapacityFilter["flag"]);
              setPage(1);
            }}
          />
        </div>
      </fieldset>
      {list.isError && !list.data ? (
        <QueryError query={list} />
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {list.data ? `${count(total)} ${total === 1 ? "organization" : "organizations"}` : ""}
          </p>
          {list.isPending ? (
            <RowsSkeleton label="Loading the capacity table" />
          ) : list.data?.items.length ? (
            <PageTable
              label="Capacity by organization"
              columns={COLUMNS}
              rows={list.data.items}
              rowKey={(row) => row.account_id}
              busy={list.isPlaceholderData}
            />
          ) : filtered ? (
            <EmptyState
              icon={Gauge}
              title="No organization matches these filters"
              description={<p>Try another name or flag.</p>}
              action={
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Gauge}
              title="No customer organizations yet"
              description={<p>Organizations appear here once customers sign up or are created.</p>}
            />
          )}
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
