/**
 * /license (spec §2.2, §7.1 license and licences; issue 13): the organization's current licence
 * (plan, capacity, clusters covered, issued, expiry with the §4 text coloured by urgency, key id),
 * downloaded or copied as the signed token clusters install and verify offline with the published
 * keys; the history of its licences. Engineers also issue one for the organization acted on, and
 * manage trial licences for prospects.
 */
import { LICENCE_KEYS_PATH, LICENCE_MESSAGES } from "@portico/shared/schemas/licences";
import { useMutation, useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import FilePlus from "lucide-react/icons/file-plus";
import KeyRound from "lucide-react/icons/key-round";
import MessagesSquare from "lucide-react/icons/messages-square";
import ShieldCheck from "lucide-react/icons/shield-check";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DataTable, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { useCurrentUser } from "../../lib/current-user";
import { formatWhen } from "../files/format";
import { currentLicenceQuery, licenceHistoryQuery, licencesApi, type TLicence } from "./api";
import { IssueLicenceDialog } from "./issue-licence-dialog";
import { copyToken, ExpiryBadge, formatTib } from "./licence-parts";
import { TrialLicences } from "./trial-licences";

function Term({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

function CurrentLicence({ licence }: { licence: TLicence }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Current licence</CardTitle>
        <CardDescription>
          {licence.kind === "trial" ? "A trial licence." : "What your clusters check they are licensed for."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          <Term label="Organization">{licence.organization}</Term>
          <Term label="Plan">{licence.plan}</Term>
          <Term label="Capacity">{formatTib(licence.capacity_tib)}</Term>
          <Term label="Issued">{formatWhen(licence.issued_at)}</Term>
          <Term label="Expires">
            <span className="flex flex-wrap items-center gap-2">
              {formatWhen(licence.expires_at)}
              <ExpiryBadge expiresAt={licence.expires_at} text={licence.expiry_text} />
            </span>
          </Term>
          <Term label="Key id">
            <span className="font-mono text-xs break-all">{licence.key_id}</span>
          </Term>
          <Term label="Clusters covered" className="sm:col-span-2 lg:col-span-3">
            {licence.clusters.length === 0 ? (
              <span className="text-muted-foreground">
                None yet.{" "}
                <Link
                  to="/cluster/register"
                  className="font-medium text-link underline-offset-2 hover:underline"
                >
                  Register a cluster
                </Link>{" "}
                and the licence is signed again to cover it.
              </span>
            ) : (
              <span className="flex flex-wrap gap-1.5">
                {licence.clusters.map((id) => (
                  <Badge key={id} variant="outline" className="font-mono">
                    {id}
                  </Badge>
                ))}
              </span>
            )}
          </Term>
        </dl>
      </CardContent>
    </Card>
  );
}

function VerifyOffline() {
  return (
    <Card>
      <CardContent className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <div className="min-w-0 space-y-1 text-sm">
          <h2 className="font-semibold text-foreground">Clusters verify it offline</h2>
          <p className="text-muted-foreground">
            The licence is signed by Portico (EdDSA). A cluster checks the signature with Portico's public
            keys, without calling anyone, so it works in an air-gapped data centre. The keys are published at{" "}
            <a
              href={LICENCE_KEYS_PATH}
              target="_blank"
              rel="noreferrer"
              className="font-medium break-all text-link underline-offset-2 hover:underline"
            >
              {LICENCE_KEYS_PATH}
            </a>
            .
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

const col = dataTableColumns<TLicence>();
const HISTORY_COLUMNS = [
  col.accessor("issued_at", {
    header: "Issued",
    cell: (info) => formatWhen(info.getValue()),
    sortFn: "datetime",
  }),
  col.accessor("plan", { header: "Plan" }),
  col.accessor("capacity_tib", {
    header: "Capacity",
    cell: (info) => formatTib(info.getValue()),
    meta: { numeric: true },
  }),
  col.accessor((row) => row.clusters.length, { id: "clusters", header: "Clusters", meta: { numeric: true } }),
  col.accessor("expires_at", {
    header: "Expires",
    cell: (info) => formatWhen(info.getValue()),
    sortFn: "datetime",
  }),
  col.accessor("key_id", {
    header: "Key id",
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  col.accessor("superseded_at", {
    header: "Status",
    enableSorting: false,
    cell: (info) => {
      const superseded = info.getValue();
      return superseded ? (
        <span className="text-muted-foreground">Replaced {formatWhen(superseded)}</span>
      ) : (
        <Badge variant="success">Current</Badge>
      );
    },
  }),
];

/** The organization's licence history; `empty` replaces the "none yet" line (the customer page's next step). */
export function LicenceHistory({ accountId, empty }: { accountId: number; empty?: ReactNode }) {
  const history = useQuery(licenceHistoryQuery(accountId));
  return (
    <section aria-labelledby="licence-history" className="space-y-3">
      <h2 id="licence-history" className="text-lg font-semibold text-foreground">
        History
      </h2>
      {history.isError ? (
        <QueryError query={history} />
      ) : (
        <DataTable
          label="Licence history"
          columns={HISTORY_COLUMNS}
          data={history.data?.items ?? []}
          getRowId={(row) => String(row.id)}
          loading={history.isPending}
          pageSize={10}
          initialHidden={["key_id"]}
          empty={
            empty ?? (
              <p className="py-6 text-center text-sm text-muted-foreground">
                No licence has been issued yet.
              </p>
            )
          }
        />
      )}
    </section>
  );
}

function LicenceLoading() {
  return (
    <LoadingRegion label="Loading the licence" className="space-y-4">
      <Skeleton className="h-52 w-full" />
      <Skeleton className="h-20 w-full" />
    </LoadingRegion>
  );
}

function OrganizationLicence({
  accountId,
  organization,
  isEngineer,
  plan,
}: {
  accountId: number;
  organization: string;
  isEngineer: boolean;
  /** The organization's service type, the plan of a first licence. */
  plan: string;
}) {
  const licence = useQuery(currentLicenceQuery(accountId));
  const [issuing, setIssuing] = useState(false);
  const download = useMutation({
    mutationFn: () => licencesApi.download(accountId, organization),
    onSuccess: (name) => toast.success(`${name} has been downloaded.`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const current = licence.data ?? null;
  const issueButton = isEngineer && (
    <Button variant={current ? "secondary" : "primary"} onClick={() => setIssuing(true)}>
      <FilePlus aria-hidden="true" />
      Issue licence
    </Button>
  );
  return (
    <>
      <PageHeader
        title="License"
        description={`The signed licence of ${organization}, which its clusters install.`}
        actions={
          <>
            {current && (
              <>
                <Button busy={download.isPending} onClick={() => download.mutate()}>
                  <Download aria-hidden="true" />
                  Download licence
                </Button>
                <Button variant="secondary" onClick={() => void copyToken(current.token)}>
                  <Copy aria-hidden="true" />
                  Copy licence
                </Button>
              </>
            )}
            {issueButton}
          </>
        }
      />
      <div className="space-y-6">
        {licence.isError ? (
          <QueryError query={licence} />
        ) : licence.isPending ? (
          <LicenceLoading />
        ) : current ? (
          <>
            <CurrentLicence licence={current} />
            <VerifyOffline />
            <LicenceHistory accountId={accountId} />
          </>
        ) : (
          <EmptyState
            icon={KeyRound}
            title={LICENCE_MESSAGES.noLicence}
            description={
              isEngineer ? (
                <p>Issue one with the organization's plan, capacity and expiry.</p>
              ) : (
                <p>
                  A licence comes with a subscription. Open an issue and Portico's engineers will set it up.
                </p>
              )
            }
            action={
              issueButton || (
                <Link to="/issues" className={buttonVariants()}>
                  <MessagesSquare aria-hidden="true" />
                  Open an issue
                </Link>
              )
            }
          />
        )}
        {isEngineer && <TrialLicences />}
      </div>
      {isEngineer && (
        <IssueLicenceDialog
          open={issuing}
          onOpenChange={setIssuing}
          accountId={accountId}
          organization={organization}
          current={current}
          defaultPlan={plan}
        />
      )}
    </>
  );
}

export default function LicenceScreen() {
  const user = useCurrentUser();
  const info = user.data;
  if (user.isError)
    return (
      <>
        <PageHeader title="License" />
        <QueryError query={user} />
      </>
    );
  if (!info)
    return (
      <>
        <PageHeader title="License" />
        <LicenceLoading />
      </>
    );
  if (info.accountId === null)
    return (
      <>
        <PageHeader title="License" />
        <div className="space-y-6">
          <EmptyState
            icon={Building2}
            title="No organization chosen"
            description={<p>Choose an organization at the top of the page to see its licence.</p>}
          />
          {info.isEngineer && <TrialLicences />}
        </div>
      </>
    );
  // A new organization (the switcher) is a new screen: nothing of the previous one stays.
  return (
    <OrganizationLicence
      key={info.accountId}
      accountId={info.accountId}
      organization={info.companyName ?? "Your organization"}
      isEngineer={info.isEngineer}
      plan={info.accountType?.serviceType ?? ""}
    />
  );
}
