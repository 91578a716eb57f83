/**
 * /customers (issue 16): the engineers' list of every account in the kit's virtualised DataTable.
 * The server filters, sorts and counts (GET accountsinfo); rows arrive 200 at a time as the
 * user scrolls, and the table tells screen readers how many match. Filters in
 * customer-filters.tsx; the CSV export takes the same filters; "New organization" creates one
 * and opens it. Customers get the engineers-only placeholder.
 */

import { ENGINEER_ROLE_LABELS } from "@portico/shared/rules/roles";
import { capacityForDisplay } from "@portico/shared/rules/units";
import type { CustomerSort } from "@portico/shared/schemas/customers";
import { CUSTOMER_SORTS } from "@portico/shared/schemas/customers";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { useMemo } from "react";
import { Link } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
  type SortingState,
} from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { RelativeTime } from "../clusters/cluster-status";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { CustomerFilters, useCustomerListState } from "./customer-filters";
import { capacityFlag, customerListQuery, customersApi, customersQuery, type TCustomerRow } from "./list-api";
import { NewOrganizationDialog } from "./new-organization-dialog";

const TITLE = "Customers";
/** Height of the table's scrolling body at most (about a dozen rows); less when fewer rows are loaded. */
const TABLE_HEIGHT = 600;
const HEADER_HEIGHT = 41;
/** A typical row (one with a badge under its plan); the virtualizer measures the real ones. */
const ROW_HEIGHT = 60;
/** Shown from the Columns menu: the list fits a laptop's width without them. */
const HIDDEN_COLUMNS = ["created_at"];

const PLAN_STATUS_LABELS = { active: "Active", canceled: "Canceled", past_due: "Past due" } as const;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
};

function Capacity({ tib }: { tib: number | null }) {
  if (tib === null) return <span className="text-muted-foreground">—</span>;
  const { value, unit } = capacityForDisplay(tib);
  return (
    <>
      {value} {unit}
    </>
  );
}

const NONE = <span className="text-muted-foreground">—</span>;

const col = dataTableColumns<TCustomerRow>();

const columns: DataTableColumn<TCustomerRow>[] = [
  col.accessor("company", {
    header: "Company",
    meta: { width: "minmax(9rem,2fr)" },
    cell: (info) => (
      <Link
        to={`/customers/${info.row.original.account_id}`}
        className="font-medium text-link underline-offset-4 hover:underline"
      >
        {info.getValue()}
      </Link>
    ),
  }),
  col.accessor((row) => row.account_type.serviceType, {
    id: "plan",
    header: "Plan",
    meta: { width: "minmax(8.5rem,1.5fr)" },
    sortDescFirst: false,
    cell: (info) => {
      const { account_type, is_disabled } = info.row.original;
      return (
        <span className="flex flex-wrap items-center gap-1.5">
          <span>{account_type.serviceType ?? "No plan"}</span>
          {is_disabled ? (
            <Badge variant="danger">Disabled</Badge>
          ) : (
            account_type.status && (
              <Badge variant={account_type.status === "active" ? "success" : "warning"}>
                {PLAN_STATUS_LABELS[account_type.status]}
              </Badge>
            )
          )}
        </span>
      );
    },
  }),
  col.accessor("is_trial", {
    header: "Trial",
    enableSorting: false,
    meta: { width: "minmax(4rem,0.5fr)" },
    cell: (info) => (info.getValue() ? <Badge variant="info">Trial</Badge> : NONE),
  }),
  col.accessor("users", {
    header: "Users",
    meta: { numeric: true, width: "minmax(4.5rem,0.6fr)" },
    sortDescFirst: true,
  }),
  col.accessor("contract_capacity", {
    header: "Contract",
    meta: { numeric: true, width: "minmax(5.5rem,0.8fr)" },
    sortDescFirst: true,
    cell: (info) => <Capacity tib={info.getValue()} />,
  }),
  col.accessor("reported_capacity", {
    header: "Reported",
    meta: { numeric: true, width: "minmax(6.5rem,1fr)" },
    sortDescFirst: true,
    cell: (info) => {
      const row = info.row.original;
      const flag = capacityFlag(row.contract_capacity, row.reported_capacity);
      return (
        <span className="inline-flex flex-wrap items-center justify-end gap-1.5">
          {flag === "over" && <Badge variant="danger">Over contract</Badge>}
          {flag === "near" && <Badge variant="warning">Near contract</Badge>}
          <Capacity tib={info.getValue()} />
        </span>
      );
    },
  }),
  col.accessor("engineers", {
    header: "Engineers",
    enableSorting: false,
    meta: { width: "minmax(10rem,1.6fr)" },
    cell: (info) => {
      const { engineers } = info.row.original;
      if (engineers.length === 0) return NONE;
      return (
        <ul className="space-y-0.5">
          {engineers.map((engineer) => (
            <li
              key={engineer.role}
              className="truncate"
              title={`${engineer.name}, ${ENGINEER_ROLE_LABELS[engineer.role]}`}
            >
              {engineer.name}{" "}
              <span className="text-muted-foreground">· {ENGINEER_ROLE_LABELS[engineer.role]}</span>
            </li>
          ))}
        </ul>
      );
    },
  }),
  col.accessor("last_message_at", {
    header: "Last message",
    meta: { width: "minmax(7.5rem,1fr)" },
    sortDescFirst: true,
    cell: (info) => {
      const iso = info.getValue();
      return iso ? <RelativeTime iso={iso} /> : NONE;
    },
  }),
  col.accessor("created_at", {
    header: "Created",
    meta: { width: "minmax(7rem,0.9fr)" },
    sortDescFirst: true,
    cell: (info) => <time dateTime={info.getValue()}>{formatDate(info.getValue())}</time>,
  }),
];

const matchCount = (total: number) =>
  total === 1 ? "1 customer matches" : `${total.toLocaleString()} customers match`;

const isCustomerSort = (id: string): id is CustomerSort => (CUSTOMER_SORTS as readonly string[]).includes(id);

function CustomerList({ selfId }: { selfId: number | null }) {
  const controls = useCustomerListState();
  const { state, setSort, filtered, reset } = controls;
  const query = useMemo(() => customerListQuery(state), [state]);
  const list = useInfiniteQuery({ ...customersQuery(query), placeholderData: (previous) => previous });
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const exportCsv = useMutation({
    mutationFn: () => customersApi.exportCsv(query),
    onSuccess: (name) => toast.success(`${name} has been downloaded.`),
  });
  const sorting: SortingState = [{ id: state.sort, desc: state.order === "DESC" }];

  return (
    <div className="space-y-4">
      <CustomerFilters controls={controls} selfId={selfId} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list.isPlaceholderData ? "Updating…" : list.data ? matchCount(total) : ""}
        </p>
        <Button variant="secondary" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          <FileSpreadsheet aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      <ErrorAlert>
        {exportCsv.isError ? `The export failed: ${errorMessage(exportCsv.error)}` : null}
      </ErrorAlert>
      {list.isError && !list.data ? (
        <QueryError query={list} />
      ) : (
        <>
          {list.isFetchNextPageError && (
            <QueryError query={{ ...list, refetch: () => list.fetchNextPage() }} />
          )}
          <DataTable
            label={TITLE}
            columns={columns}
            data={rows}
            getRowId={(row) => String(row.account_id)}
            loading={list.isPending}
            sorting={sorting}
            onSortingChange={(next) => {
              const first = next[0];
              if (first && isCustomerSort(first.id))
                setSort({ sort: first.id, order: first.desc ? "DESC" : "ASC" });
            }}
            initialHidden={HIDDEN_COLUMNS}
            virtualize={{
              height: Math.min(TABLE_HEIGHT, HEADER_HEIGHT + rows.length * ROW_HEIGHT),
              rowHeight: ROW_HEIGHT,
              rowCount: total,
              onLoadMore: () => {
                if (list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError)
                  void list.fetchNextPage();
              },
            }}
            empty={
              <EmptyState
                icon={Building2}
                title="No customers match these filters"
                description={
                  filtered ? (
                    <p>Reset the filters to see every active customer.</p>
                  ) : (
                    <p>Create the first organization with New organization.</p>
                  )
                }
                action={
                  filtered && (
                    <Button variant="secondary" onClick={reset}>
                      <RotateCcw aria-hidden="true" />
                      Reset filters
                    </Button>
                  )
                }
              />
            }
          />
        </>
      )}
    </div>
  );
}

export default function CustomersScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="Every customer organization: filter, sort, export, or open one to act on it."
      actions={() => <NewOrganizationDialog />}
    >
      {(user) => <CustomerList selfId={user.userId} />}
    </EngineerScreen>
  );
}
