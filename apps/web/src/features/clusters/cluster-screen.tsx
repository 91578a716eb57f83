/**
 * /health/:accountId/:clusterId (spec §2.2, §7.3): one cluster's health. The header names it,
 * when it last reported and whether it stopped; owners and engineers rotate its call-home key,
 * anyone opens an issue about it with the failing checks filled in. Then capacity, the latest
 * checks, and tabs for trends, check history, the explorer (gated, spec §6), the reports log and
 * its files. While the newest report waits for analysis (or just after a key rotation) the page
 * asks every 5 s, otherwise every minute.
 */
import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import KeyRound from "lucide-react/icons/key-round";
import ServerCrash from "lucide-react/icons/server-crash";
import { useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { NewIssueDialog } from "../conversations/components/new-issue-dialog";
import { useFeatureGate } from "../conversations/planning-api";
import { formatWhen } from "../files/format";
import {
  clusterChecksQuery,
  clusterKeys,
  clusterQuery,
  clusterReportsQuery,
  clustersApi,
  type TCluster,
} from "./api";
import { CallHomeKeyPanel } from "./call-home-key-panel";
import { CapacityCard, ChecksCard, NoReportYet } from "./cluster-checks";
import { ClusterExplorer } from "./cluster-explorer";
import { ClusterFiles } from "./cluster-files";
import { clusterIssuePrefill } from "./cluster-issue";
import { CheckHistory, ReportLog } from "./cluster-logs";
import { NotReportingBadge, RelativeTime } from "./cluster-status";
import { ClusterTrends } from "./cluster-trends";

export const FAST_POLL_MS = 5_000;
export const SLOW_POLL_MS = 60_000;
/** How long after a key rotation the page keeps asking fast for the first report with the new key. */
const ROTATION_WATCH_MS = 10 * 60_000;

const TABS = ["trends", "history", "explorer", "reports", "files"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  trends: "Trends",
  history: "Check history",
  explorer: "Explorer",
  reports: "Reports",
  files: "Files",
};

function RotateKey({ cluster, onRotated }: { cluster: TCluster; onRotated: () => void }) {
  const queryClient = useQueryClient();
  const [newKey, setNewKey] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: () => clustersApi.rotateKey(cluster.account_id, cluster.id),
    onSuccess: (answer) => {
      queryClient.setQueryData(clusterKeys.cluster(cluster.account_id, cluster.id), answer.cluster);
      setNewKey(answer.call_home_key);
      onRotated();
      toast.success("A new call-home key was issued.");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <>
      <ConfirmDialog
        trigger={
          <Button variant="secondary">
            <KeyRound aria-hidden="true" />
            Rotate call-home key
          </Button>
        }
        title="Rotate the call-home key?"
        description={`The current key stops working at once: ${cluster.name} cannot send reports until it has the new key.`}
        confirmLabel="Rotate key"
        onConfirm={() => rotate.mutateAsync()}
      />
      <Dialog open={newKey !== null} onOpenChange={(open) => !open && setNewKey(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>New call-home key</DialogTitle>
          </DialogHeader>
          {newKey && <CallHomeKeyPanel callHomeKey={newKey} clusterName={cluster.name} headingLevel="h3" />}
          <DialogFooter>
            <Button onClick={() => setNewKey(null)}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function ClusterNotFound() {
  return (
    <>
      <PageHeader
        title="Cluster not found"
        breadcrumbs={[{ label: "Health", to: "/health" }, { label: "Not found" }]}
      />
      <EmptyState
        icon={ServerCrash}
        title={CLUSTER_MESSAGES.clusterNotFound}
        description="It may have been deleted, or belong to another organization."
        action={
          <Link to="/health" className={buttonVariants({ variant: "secondary" })}>
            Go to Health
          </Link>
        }
      />
    </>
  );
}

function ScreenSkeleton() {
  return (
    <LoadingRegion label="Loading the cluster" className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-44" />
        <Skeleton className="h-44 lg:col-span-2" />
      </div>
      <Skeleton className="h-9 w-96 max-w-full" />
      <Skeleton className="h-64" />
    </LoadingRegion>
  );
}

function HeaderFacts({ cluster, analysing }: { cluster: TCluster; analysing: boolean }) {
  return (
    <div className="space-y-1">
      {cluster.description && <p className="break-words">{cluster.description}</p>}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>
          Deployment{" "}
          <code className="rounded bg-muted px-1 py-0.5 text-xs text-foreground">
            {cluster.deployment_id}
          </code>
        </span>
        {cluster.last_report_at ? (
          <span>
            Last report <RelativeTime iso={cluster.last_report_at} className="font-medium text-foreground" />{" "}
            ({formatWhen(cluster.last_report_at)})
          </span>
        ) : (
          <span>No report yet</span>
        )}
        {cluster.not_reporting && <NotReportingBadge />}
        {analysing && <Badge variant="info">Analysing a new report…</Badge>}
      </p>
    </div>
  );
}

export default function ClusterScreen() {
  const params = useParams();
  const accountId = Number(params.accountId);
  const clusterId = params.clusterId ?? "";
  const valid = Number.isSafeInteger(accountId) && accountId > 0 && /^[A-Za-z0-9_-]{1,64}$/.test(clusterId);
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const explorerGate = useFeatureGate("cluster_explorer", accountId);
  const [search, setSearch] = useSearchParams();
  const rotatedAt = useRef<number | null>(null);
  const reportsKey = clusterReportsQuery(accountId, clusterId, 1).queryKey;

  // Read at each fetch (not each render), so the pace changes as soon as the log does.
  const pollInterval = () => {
    const newest = queryClient.getQueryData(reportsKey)?.items[0];
    const since = rotatedAt.current;
    const waitingForNewKey =
      since !== null &&
      Date.now() - since < ROTATION_WATCH_MS &&
      (!newest || Date.parse(newest.received_at) < since);
    return newest?.status === "pending" || waitingForNewKey ? FAST_POLL_MS : SLOW_POLL_MS;
  };
  const reports = useQuery({
    ...clusterReportsQuery(accountId, clusterId, 1),
    enabled: valid,
    refetchInterval: pollInterval,
  });
  const cluster = useQuery({
    ...clusterQuery(accountId, clusterId),
    enabled: valid,
    refetchInterval: pollInterval,
  });
  const checks = useQuery({
    ...clusterChecksQuery(accountId, clusterId),
    enabled: valid && cluster.isSuccess,
    refetchInterval: pollInterval,
  });
  const onRotated = () => {
    rotatedAt.current = Date.now();
    void queryClient.invalidateQueries({ queryKey: reportsKey });
  };

  // A report analysed (or a new one received) changes every tab: refresh them all once.
  const newest = reports.data?.items[0];
  const newestState = newest ? `${newest.report_id}:${newest.status}` : null;
  const [seenState, setSeenState] = useState(newestState);
  useEffect(() => {
    if (newestState === seenState) return;
    setSeenState(newestState);
    if (seenState !== null)
      void queryClient.invalidateQueries({ queryKey: clusterKeys.cluster(accountId, clusterId) });
  }, [newestState, seenState, queryClient, accountId, clusterId]);

  if (!valid || cluster.error?.status === 404) return <ClusterNotFound />;
  if (cluster.isPending) return <ScreenSkeleton />;
  if (cluster.isError) {
    return (
      <>
        <PageHeader
          title="Cluster"
          breadcrumbs={[{ label: "Health", to: "/health" }, { label: "Cluster" }]}
        />
        <QueryError query={cluster} />
      </>
    );
  }

  const c = cluster.data;
  const hasReport = c.last_report_at !== null;
  const canManage =
    !!user && (user.isEngineer || (user.roles.includes("account_owner") && user.accountId === accountId));
  const tabs = TABS.filter((t) =>
    hasReport ? t !== "explorer" || explorerGate === "allowed" : t === "reports" || t === "files",
  );
  const asked = search.get("tab") as Tab | null;
  const tab = asked && tabs.includes(asked) ? asked : (tabs[0] as Tab);

  return (
    <>
      <PageHeader
        title={c.name}
        breadcrumbs={[{ label: "Health", to: "/health" }, { label: c.name }]}
        description={<HeaderFacts cluster={c} analysing={newest?.status === "pending"} />}
        actions={
          <>
            {canManage && <RotateKey cluster={c} onRotated={onRotated} />}
            {user && (
              <NewIssueDialog
                user={user}
                label="Open an issue about this"
                variant="secondary"
                prefill={() =>
                  clusterIssuePrefill(c, checks.data?.checks ?? [], checks.data?.generated_at ?? null)
                }
              />
            )}
          </>
        }
      />
      <div className="space-y-6">
        {checks.isPending ? (
          <LoadingRegion label="Loading the checks" className="grid gap-4 lg:grid-cols-3">
            <Skeleton className="h-44" />
            <Skeleton className="h-44 lg:col-span-2" />
          </LoadingRegion>
        ) : checks.isError ? (
          checks.error.status === 404 ? (
            <NoReportYet />
          ) : (
            <QueryError query={checks} />
          )
        ) : checks.data.metrics === null || checks.data.report_id === null ? (
          <NoReportYet />
        ) : (
          <div className="grid items-start gap-4 lg:grid-cols-3">
            <CapacityCard metrics={checks.data.metrics} />
            <div className="lg:col-span-2">
              <ChecksCard checks={checks.data.checks} />
            </div>
          </div>
        )}

        <Tabs value={tab} onValueChange={(next) => setSearch({ tab: next }, { replace: true })}>
          <TabsList className="h-auto max-w-full flex-wrap justify-start">
            {tabs.map((t) => (
              <TabsTrigger key={t} value={t}>
                {TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="trends">
            <ClusterTrends accountId={accountId} clusterId={clusterId} />
          </TabsContent>
          <TabsContent value="history">
            <CheckHistory accountId={accountId} clusterId={clusterId} />
          </TabsContent>
          {tabs.includes("explorer") && (
            <TabsContent value="explorer">
              <ClusterExplorer accountId={accountId} clusterId={clusterId} />
            </TabsContent>
          )}
          <TabsContent value="reports">
            <ReportLog accountId={accountId} clusterId={clusterId} />
          </TabsContent>
          <TabsContent value="files">
            <ClusterFiles accountId={accountId} clusterId={clusterId} />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
