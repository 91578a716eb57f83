/**
 * /health (spec §2.2, issue 12): the clusters of the organization acted on (the shell's
 * organization switcher decides which, for engineers any), worst first, under a fleet summary.
 * Each shows its worst failing check, check counts, capacity and when it last reported. Owners
 * and engineers rename and delete clusters here. Refetched every minute while the page is
 * visible, so reports analysed meanwhile appear without a reload.
 */
import { formatBytes } from "@portico/shared/rules/units";
import { useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import Plus from "lucide-react/icons/plus";
import Server from "lucide-react/icons/server";
import { type ReactNode, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { buttonVariants } from "../../components/ui/button";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Pager } from "../../components/ui/pager";
import { Skeleton } from "../../components/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { clusterLink, overviewQuery, type TCluster, type TFleetSummary } from "./api";
import { ClusterRowActions, EditClusterDialog } from "./cluster-actions";
import {
  formatUsage,
  healthRank,
  NotReportingBadge,
  RelativeTime,
  UsageBar,
  usagePercent,
  WorstCheckBadge,
} from "./cluster-status";

export const OVERVIEW_REFRESH_MS = 60_000;

const col = dataTableColumns<TCluster>();

/** "2 of 7": failed of all checks (completed counts the ones that passed); a dash before any report. */
function failedOfAll(cluster: TCluster): string {
  if (cluster.last_report_at === null) return "—";
  return `${cluster.no_of_failed_checks} of ${cluster.no_of_failed_checks + cluster.no_of_completed_checks}`;
}

function CapacityCell({ cluster }: { cluster: TCluster }) {
  const { used_space, total_space } = cluster.summary.storage;
  return (
    <div className="min-w-36 space-y-1">
      <p className="tabular-nums">
        {formatUsage(used_space, total_space)}
        {total_space > 0 && (
          <span className="text-muted-foreground"> · {usagePercent(used_space, total_space)}%</span>
        )}
      </p>
      {total_space > 0 && <UsageBar used={used_space} total={total_space} />}
    </div>
  );
}

function LastReport({ cluster }: { cluster: TCluster }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {cluster.last_report_at ? (
        <RelativeTime iso={cluster.last_report_at} className="whitespace-nowrap" />
      ) : (
        <span className="text-muted-foreground">Never</span>
      )}
      {cluster.not_reporting && <NotReportingBadge />}
    </div>
  );
}

function ClusterName({ cluster }: { cluster: TCluster }) {
  return (
    <div className="min-w-0 sm:min-w-40 sm:max-w-72">
      <Link
        to={clusterLink(cluster.account_id, cluster.id)}
        className="block truncate font-medium text-link underline-offset-2 hover:underline"
      >
        {cluster.name}
      </Link>
      {cluster.description && (
        <p className="truncate text-xs text-muted-foreground" title={cluster.description}>
          {cluster.description}
        </p>
      )}
    </div>
  );
}

function columns(canManage: boolean, onEdit: (cluster: TCluster) => void): DataTableColumn<TCluster>[] {
  const list: DataTableColumn<TCluster>[] = [
    col.accessor("name", {
      header: "Cluster",
      cell: (info) => <ClusterName cluster={info.row.original} />,
    }),
    col.accessor(healthRank, {
      id: "health",
      header: "Health",
      cell: (info) => <WorstCheckBadge cluster={info.row.original} />,
      sortFn: "basic",
      sortDescFirst: true,
    }),
    col.accessor("no_of_failed_checks", {
      header: "Failed checks",
      cell: (info) => failedOfAll(info.row.original),
      meta: { numeric: true },
      sortDescFirst: true,
    }),
    col.accessor((cluster) => cluster.summary.storage.used_space, {
      id: "capacity",
      header: "Capacity used",
      cell: (info) => <CapacityCell cluster={info.row.original} />,
      sortDescFirst: true,
    }),
    col.accessor((cluster) => cluster.last_report_at ?? "", {
      id: "last_report",
      header: "Last report",
      cell: (info) => <LastReport cluster={info.row.original} />,
      sortFn: "text",
    }),
  ];
  if (canManage)
    list.push(
      col.display({
        id: "actions",
        // Named for screen readers but not shown (as in the files table: sr-only would widen phones).
        header: () => <span className="inline-block size-px overflow-hidden whitespace-nowrap">Actions</span>,
        meta: { label: "Actions" },
        cell: (info) => <ClusterRowActions cluster={info.row.original} onEdit={onEdit} />,
        enableHiding: false,
      }),
    );
  return list;
}

const PHONE_QUERY = "(max-width: 639px)";
const CARDS_PAGE_SIZE = 25;

function subscribePhone(listener: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** Phones get cards: a table that wide would hide capacity, last report and actions off-screen. */
function usePhone(): boolean {
  return useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches);
}

function ClusterCards({
  clusters,
  canManage,
  onEdit,
}: {
  clusters: readonly TCluster[];
  canManage: boolean;
  onEdit: (cluster: TCluster) => void;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(clusters.length / CARDS_PAGE_SIZE));
  const shown = clusters.slice((page - 1) * CARDS_PAGE_SIZE, page * CARDS_PAGE_SIZE);
  return (
    <>
      <ul aria-label="Clusters" className="space-y-2">
        {shown.map((cluster) => (
          <li
            key={cluster.id}
            aria-label={cluster.name}
            className="space-y-3 rounded-lg border bg-card p-4 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <ClusterName cluster={cluster} />
              {canManage && <ClusterRowActions cluster={cluster} onEdit={onEdit} />}
            </div>
            <WorstCheckBadge cluster={cluster} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <div>
                <dt className="text-xs text-muted-foreground">Failed checks</dt>
                <dd className="tabular-nums">{failedOfAll(cluster)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Last report</dt>
                <dd>
                  <LastReport cluster={cluster} />
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted-foreground">Capacity used</dt>
                <dd>
                  <CapacityCell cluster={cluster} />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <Pager page={Math.min(page, pages)} pages={pages} onPage={setPage} />
    </>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card px-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tracking-tight text-foreground tabular-nums">{value}</dd>
    </div>
  );
}

function FleetSummary({ summary }: { summary: TFleetSummary | undefined }) {
  if (!summary)
    return (
      <div aria-hidden="true" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {["clusters", "capacity", "failing", "silent"].map((key) => (
          <Skeleton key={key} className="h-[4.75rem] w-full rounded-lg" />
        ))}
      </div>
    );
  const { total_space, used_space } = summary;
  return (
    <dl aria-label="Fleet summary" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Stat label="Clusters" value={summary.clusters} />
      <Stat
        label="Capacity used"
        value={
          total_space > 0 ? (
            <>
              {formatBytes(used_space)}
              <span className="mt-0.5 block text-xs font-normal text-muted-foreground">
                of {formatBytes(total_space)} · {usagePercent(used_space, total_space)}%
              </span>
              <UsageBar used={used_space} total={total_space} className="mt-1.5" />
            </>
          ) : (
            "—"
          )
        }
      />
      <Stat
        label="Failing"
        value={<span className={summary.failing > 0 ? "text-danger" : undefined}>{summary.failing}</span>}
      />
      <Stat
        label="Not reporting"
        value={
          <span className={summary.not_reporting > 0 ? "text-danger" : undefined}>
            {summary.not_reporting}
          </span>
        }
      />
    </dl>
  );
}

const registerButton = (
  <Link to="/cluster/register" className={buttonVariants()}>
    <Plus aria-hidden="true" />
    Register cluster
  </Link>
);

/** An organization's clusters; `empty` replaces the empty state (the customer page names its own next step). */
export function ClusterOverview({
  accountId,
  canManage,
  empty,
}: {
  accountId: number;
  canManage: boolean;
  empty?: ReactNode;
}) {
  const [editing, setEditing] = useState<TCluster | null>(null);
  const overview = useQuery({ ...overviewQuery(accountId), refetchInterval: OVERVIEW_REFRESH_MS });
  const phone = usePhone();
  if (overview.isError) return <QueryError query={overview} />;
  if (overview.data?.items.length === 0)
    return (
      empty ?? (
        <EmptyState
          icon={Server}
          title="No clusters yet"
          description={
            canManage ? (
              <p>Register a cluster to see its health here; it then sends a report every hour.</p>
            ) : (
              <p>
                An owner of your organization or an engineer registers clusters; their health then shows here.
              </p>
            )
          }
          action={canManage ? registerButton : undefined}
        />
      )
    );
  return (
    <>
      <FleetSummary summary={overview.data?.summary} />
      {phone && overview.data ? (
        <ClusterCards clusters={overview.data.items} canManage={canManage} onEdit={setEditing} />
      ) : (
        <DataTable
          label="Clusters"
          columns={columns(canManage, setEditing)}
          data={overview.data?.items ?? []}
          getRowId={(cluster) => cluster.id}
          loading={overview.isPending}
        />
      )}
      <EditClusterDialog cluster={editing} onClose={() => setEditing(null)} />
    </>
  );
}

export default function HealthScreen() {
  const user = useCurrentUser();
  if (user.isError) return <QueryError query={user} />;
  const info = user.data;
  const canManage = info ? info.isEngineer || info.roles.includes("account_owner") : false;
  return (
    <>
      <PageHeader
        title="Health"
        description={info?.companyName ?? undefined}
        actions={info?.accountId && canManage ? registerButton : undefined}
      />
      {!info ? (
        <FleetSummary summary={undefined} />
      ) : info.accountId === null ? (
        <EmptyState
          icon={Building2}
          title="No organization chosen"
          description={<p>Choose an organization at the top of the page to see its clusters.</p>}
        />
      ) : (
        // A new organization (the switcher) is a new overview: nothing of the previous one stays.
        <ClusterOverview key={info.accountId} accountId={info.accountId} canManage={canManage} />
      )}
    </>
  );
}
