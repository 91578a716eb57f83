/**
 * /customers/:id (issue 16): one organization for the vendor's engineers. The header names it
 * with its state (disabled, trial, plan, provider and currency), Follow and the account actions;
 * a disabled organization says so in a banner. Then tabs, addressable as ?tab=…: the overview of
 * every account field and its users, clusters, files, issues, licences, subscription events,
 * alerts, history and time log. Customers get the engineers-only page.
 */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { CUSTOMER_MESSAGES } from "@portico/shared/schemas/customers";
import { useQuery } from "@tanstack/react-query";
import Ban from "lucide-react/icons/ban";
import SearchX from "lucide-react/icons/search-x";
import Star from "lucide-react/icons/star";
import StarOff from "lucide-react/icons/star-off";
import type { ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { PlaceholderScreen } from "../placeholders/placeholder-screen";
import { PlanStatusBadge, PROVIDER_LABELS } from "../subscription/subscription-parts";
import { AccountActions } from "./account-actions";
import { customerDetailQuery, type TCustomerDetail, useFollowAccount } from "./account-api";
import { ClustersTab, FilesTab, LicencesTab, SubscriptionTab } from "./customer-tabs/account-tabs";
import { AlertsTab } from "./customer-tabs/alerts-tab";
import { HistoryTab } from "./customer-tabs/history-tab";
import { IssuesTab } from "./customer-tabs/issues-tab";
import { OverviewTab } from "./customer-tabs/overview-tab";
import { TimeLogTab } from "./customer-tabs/time-log-tab";

export const CUSTOMER_TABS = [
  "overview",
  "clusters",
  "files",
  "issues",
  "licences",
  "subscription",
  "alerts",
  "history",
  "time-log",
] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

export const CUSTOMER_TAB_LABELS: Readonly<Record<CustomerTab, string>> = {
  overview: "Overview",
  clusters: "Clusters",
  files: "Files",
  issues: "Issues",
  licences: "Licences",
  subscription: "Subscription events",
  alerts: "Alerts",
  history: "History",
  "time-log": "Time log",
};

/** The banner's second sentence (the first is the contract's message). */
export const DISABLED_CONSEQUENCE =
  "Its members cannot use it, and those with no other organization cannot sign in, until it is enabled again.";

const customersCrumb = { label: "Customers", to: "/customers" };

function CustomerNotFound() {
  return (
    <>
      <PageHeader title="Customer not found" breadcrumbs={[customersCrumb, { label: "Not found" }]} />
      <EmptyState
        icon={SearchX}
        title="No such organization"
        description={<p>It may have been deleted, or the address is wrong.</p>}
        action={
          <Link to="/customers" className={buttonVariants({ variant: "secondary" })}>
            Back to Customers
          </Link>
        }
      />
    </>
  );
}

function ScreenSkeleton() {
  return (
    <LoadingRegion label="Loading the organization" className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-8 w-72 max-w-full" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <Skeleton className="h-9 w-full max-w-3xl" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </LoadingRegion>
  );
}

/** The organization's state at a glance, beside its name. */
function StateBadges({ account }: { account: TCustomerDetail }) {
  const type = account.account_type;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {account.is_disabled && <Badge variant="danger">Disabled</Badge>}
      {account.is_trial && <Badge variant="warning">Trial</Badge>}
      <Badge variant="outline">{type.serviceType ?? "No plan"}</Badge>
      {type.status && <PlanStatusBadge status={type.status} />}
      {(account.subscription_provider || account.currency_code) && (
        <Badge variant="neutral">
          {[
            account.subscription_provider && PROVIDER_LABELS[account.subscription_provider],
            account.currency_code,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Badge>
      )}
    </div>
  );
}

function FollowButton({ account }: { account: TCustomerDetail }) {
  const follow = useFollowAccount(account.account_id);
  const following = account.following;
  return (
    <Button
      variant="secondary"
      busy={follow.isPending}
      onClick={() =>
        follow.mutate(!following, {
          onSuccess: ({ following: now }) =>
            toast.success(
              now ? `You follow ${account.company}.` : `You no longer follow ${account.company}.`,
            ),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {following ? <StarOff aria-hidden="true" /> : <Star aria-hidden="true" />}
      {following ? "Unfollow" : "Follow"}
    </Button>
  );
}

function DisabledBanner() {
  return (
    <div className="mb-6 flex items-start gap-2.5 rounded-md border border-danger/30 bg-danger-surface px-3 py-2.5 text-sm text-danger-surface-foreground">
      <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong className="font-semibold">{CUSTOMER_MESSAGES.accountDisabled}.</strong> {DISABLED_CONSEQUENCE}
      </p>
    </div>
  );
}

function Customer({ account, user }: { account: TCustomerDetail; user: TUserInfo }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("tab") as CustomerTab | null;
  const tab = asked && CUSTOMER_TABS.includes(asked) ? asked : "overview";
  const id = account.account_id;
  const panel = (which: CustomerTab): ReactNode => {
    switch (which) {
      case "overview":
        return <OverviewTab account={account} />;
      case "clusters":
        return <ClustersTab accountId={id} />;
      case "files":
        return <FilesTab accountId={id} />;
      case "issues":
        return <IssuesTab accountId={id} user={user} />;
      case "licences":
        return <LicencesTab accountId={id} />;
      case "subscription":
        return <SubscriptionTab accountId={id} />;
      case "alerts":
        return <AlertsTab accountId={id} />;
      case "history":
        return <HistoryTab accountId={id} />;
      case "time-log":
        return <TimeLogTab account={account} user={user} />;
    }
  };
  return (
    <>
      <PageHeader
        title={account.company}
        breadcrumbs={[customersCrumb, { label: account.company }]}
        description={<StateBadges account={account} />}
        actions={
          <>
            <FollowButton account={account} />
            <AccountActions account={account} />
          </>
        }
      />
      {account.is_disabled && <DisabledBanner />}
      <Tabs value={tab} onValueChange={(next) => setSearch({ tab: next }, { replace: true })}>
        <TabsList aria-label="Organization" className="h-auto max-w-full flex-wrap justify-start">
          {CUSTOMER_TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {CUSTOMER_TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Only the chosen tab is rendered, so only its lists are asked for. */}
        {CUSTOMER_TABS.map((t) => (
          <TabsContent key={t} value={t}>
            {t === tab && panel(t)}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

export default function CustomerScreen() {
  const params = useParams();
  const accountId = Number(params.id);
  const valid = Number.isSafeInteger(accountId) && accountId > 0;
  const user = useCurrentUser();
  const isEngineer = user.data?.isEngineer === true;
  const detail = useQuery({ ...customerDetailQuery(accountId), enabled: valid && isEngineer });

  if (user.isError) return <QueryError query={user} />;
  if (user.data && !isEngineer)
    return <PlaceholderScreen title="Customer" parent={{ title: "Customers", path: "/customers" }} />;
  if (!valid || detail.error?.status === 404) return <CustomerNotFound />;
  if (!user.data || detail.isPending) return <ScreenSkeleton />;
  if (detail.isError)
    return (
      <>
        <PageHeader title="Customer" breadcrumbs={[customersCrumb, { label: "Customer" }]} />
        <QueryError query={detail} />
      </>
    );
  // A new organization (another id) is a new page: no tab's page number or state carries over.
  return <Customer key={accountId} account={detail.data} user={user.data} />;
}
