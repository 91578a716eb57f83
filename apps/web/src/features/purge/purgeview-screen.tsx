/**
 * /purgeview (engineers; spec §2.2 "purged accounts"): every purge, newest first (GET purge) with
 * search by organization and paging; each row's status (Running with its stage, Done, Failed) and
 * a summary of what was removed; Details shows every count and the reason (GET purge/:id). While a
 * purge runs, the list and its details are read again every 2 seconds until it is done.
 */
import { useQuery } from "@tanstack/react-query";
import Archive from "lucide-react/icons/archive";
import ArrowRight from "lucide-react/icons/arrow-right";
import { type ReactNode, useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { formatWhen } from "../files/format";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { useDebouncedValue } from "../search/use-debounced-value";
import {
  countEntries,
  countSummary,
  PURGE_PAGE_SIZE,
  purgeDetailQuery,
  purgeListQuery,
  STAGE_LABELS,
  STATUS_LABELS,
  type TPurgeRecord,
} from "./purge-api";
import { PurgeAccountDialog } from "./purge-dialog";

const TITLE = "Purged accounts";
const SEARCH_DEBOUNCE_MS = 300;

export function PurgeStatus({ record }: { record: TPurgeRecord }) {
  if (record.status === "running")
    return <Badge variant="info">{`${STATUS_LABELS.running} · ${STAGE_LABELS[record.stage]}`}</Badge>;
  if (record.status === "failed") return <Badge variant="danger">{STATUS_LABELS.failed}</Badge>;
  return <Badge variant="success">{STATUS_LABELS.done}</Badge>;
}

function columns(onDetails: (record: TPurgeRecord) => void): DataTableColumn<TPurgeRecord>[] {
  const col = dataTableColumns<TPurgeRecord>();
  return [
    col.accessor("company", {
      header: "Organization",
      enableSorting: false,
      cell: (info) => <span className="font-medium break-all">{info.getValue()}</span>,
    }),
    col.accessor((row) => row.requested_by.name, {
      id: "requested_by",
      header: "Requested by",
      enableSorting: false,
    }),
    col.accessor("requested_at", {
      header: "When",
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{formatWhen(info.getValue())}</span>,
    }),
    col.accessor("status", {
      header: "Status",
      enableSorting: false,
      cell: (info) => <PurgeStatus record={info.row.original} />,
    }),
    col.accessor("counts", {
      header: "Removed",
      enableSorting: false,
      cell: (info) => <span className="text-muted-foreground">{countSummary(info.getValue())}</span>,
    }),
    col.display({
      id: "details",
      header: "Details",
      meta: { label: "Details" },
      cell: (info) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Details of ${info.row.original.company}`}
          onClick={() => onDetails(info.row.original)}
        >
          Details
        </Button>
      ),
    }),
  ];
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function PurgeDetails({ id }: { id: number }) {
  const detail = useQuery(purgeDetailQuery(id));
  if (detail.isError) return <QueryError query={detail} />;
  if (detail.isPending)
    return (
      <LoadingRegion label="Loading the purge" className="space-y-2">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  const record = detail.data;
  const entries = countEntries(record.counts);
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <Detail label="Status">
          <PurgeStatus record={record} />
        </Detail>
        <Detail label="Requested by">{record.requested_by.name}</Detail>
        <Detail label="Requested">{formatWhen(record.requested_at)}</Detail>
        <Detail label="Finished">{record.finished_at ? formatWhen(record.finished_at) : "Not yet"}</Detail>
        <Detail label="Reason">
          {record.reason ? (
            <span className="whitespace-pre-wrap">{record.reason}</span>
          ) : (
            <span className="text-muted-foreground">No reason given</span>
          )}
        </Detail>
      </dl>
      {record.last_error && <ErrorAlert>{`Last error: ${record.last_error}`}</ErrorAlert>}
      <section aria-labelledby={`purge-${id}-counts`} className="space-y-2">
        <h3 id={`purge-${id}-counts`} className="font-medium">
          {record.status === "done" ? "Removed" : "Removed so far"}
        </h3>
        {entries.length === 0 ? (
          <p className="text-muted-foreground">Nothing removed yet.</p>
        ) : (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border p-3">
            {entries.map((entry) => (
              <div key={entry.key} className="contents">
                <dt className="text-muted-foreground">{entry.label}</dt>
                <dd className="text-right font-medium tabular-nums">{entry.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}

function DetailsDialog({
  record,
  onClose,
  onPurgeAgain,
}: {
  record: TPurgeRecord | null;
  onClose: () => void;
  onPurgeAgain: (record: TPurgeRecord) => void;
}) {
  const open = record !== null;
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{record ? `Purge of ${record.company}` : "Purge"}</DialogTitle>
          <DialogDescription>What was removed, by whom and why.</DialogDescription>
        </DialogHeader>
        {record && <PurgeDetails id={record.id} />}
        {/* A purge whose retries ran out left the rest of the organization out of reach: start it again. */}
        {record?.status === "failed" && (
          <DialogFooter>
            <Button variant="danger" onClick={() => onPurgeAgain(record)}>
              Purge again
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function Purges() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const [search, setSearch] = useState(params.get("q") ?? "");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [shown, setShown] = useState<TPurgeRecord | null>(null);
  const [purging, setPurging] = useState<TPurgeRecord | null>(null);
  const searchId = useId();
  // Stable, so a row's Details button survives re-renders and gets focus back from the dialog.
  const tableColumns = useMemo(() => columns(setShown), []);
  const list = useQuery(purgeListQuery(q, page));

  const changeSearch = (value: string) => {
    setSearch(value);
    // A new search starts at its first page.
    const next = new URLSearchParams();
    if (value.trim()) next.set("q", value.trim());
    setParams(next, { replace: true });
  };
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PURGE_PAGE_SIZE));

  return (
    <div className="space-y-4">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-72">
        <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
          Search
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Organization name…"
          value={search}
          onChange={(event) => changeSearch(event.target.value)}
        />
      </div>
      {list.isError ? (
        <QueryError query={list} />
      ) : (
        <>
          <DataTable
            label="Purged accounts"
            columns={tableColumns}
            data={list.data?.items ?? []}
            getRowId={(row) => String(row.id)}
            loading={list.isPending}
            pageSize={PURGE_PAGE_SIZE}
            empty={
              q ? (
                <EmptyState
                  icon={Archive}
                  title="No purge matches this search"
                  description={
                    <p>Check the spelling, or clear the search to see every purged organization.</p>
                  }
                  action={
                    <Button variant="secondary" onClick={() => changeSearch("")}>
                      Clear search
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={Archive}
                  title="No organization has been purged"
                  description={
                    <p>An organization is purged from its page in Customers: Actions, then Purge account.</p>
                  }
                  action={
                    <Link to="/customers" className={buttonVariants({ variant: "secondary" })}>
                      Open Customers
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  }
                />
              )
            }
          />
          <Pager
            page={page}
            pages={pages}
            onPage={(next) => {
              const nextParams = new URLSearchParams(params);
              if (next === 1) nextParams.delete("page");
              else nextParams.set("page", String(next));
              setParams(nextParams);
            }}
          />
        </>
      )}
      <DetailsDialog
        record={shown}
        onClose={() => setShown(null)}
        onPurgeAgain={(record) => {
          setShown(null);
          setPurging(record);
        }}
      />
      <PurgeAccountDialog
        account={purging ?? { account_id: 0, company: "" }}
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
      />
    </div>
  );
}

export default function PurgeviewScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="Organizations purged for good, what was removed and who asked. A running purge updates by itself."
    >
      {() => <Purges />}
    </EngineerScreen>
  );
}
