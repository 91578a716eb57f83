/**
 * Trial licences (engineers, §7.1 trial_licenses): every trial given to a prospect with the
 * clusters that registered with it, searchable and paged by the server; a new one from the
 * dialog; the whole list as CSV.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import FlaskConical from "lucide-react/icons/flask-conical";
import Plus from "lucide-react/icons/plus";
import { useRef, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { RelativeTime } from "../clusters/cluster-status";
import { formatWhen } from "../files/format";
import { useDebouncedValue } from "../search/use-debounced-value";
import { fileSlug, licencesApi, type TTrialLicence, trialLicencesQuery } from "./api";
import { copyToken, ExpiryBadge, formatTib, saveToken } from "./licence-parts";
import { TrialDialog } from "./trial-dialog";

function TrialRow({ trial }: { trial: TTrialLicence }) {
  return (
    <li aria-label={trial.company} className="space-y-3 rounded-lg border bg-card px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-medium break-words text-foreground">{trial.company}</p>
          <p className="text-sm break-words text-muted-foreground">
            {trial.contact_name} · <a href={`mailto:${trial.contact_email}`}>{trial.contact_email}</a>
          </p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>{formatTib(trial.capacity_tib)}</span>
            <span>{trial.days} days</span>
            <span>
              Created {formatWhen(trial.created_at)}
              {trial.created_by ? ` by ${trial.created_by}` : ""}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExpiryBadge expiresAt={trial.expires_at} text={trial.expiry_text} />
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Copy the trial licence of ${trial.company}`}
            onClick={() => void copyToken(trial.token, "The trial licence")}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Download the trial licence of ${trial.company}`}
            onClick={() => saveToken(trial.token, `${fileSlug(trial.company)}-trial-licence.jwt`)}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        </div>
      </div>
      {trial.clusters.length === 0 ? (
        <p className="text-sm text-muted-foreground">No cluster has registered with it yet.</p>
      ) : (
        <ul aria-label={`Clusters of ${trial.company}`} className="space-y-1 border-t pt-2 text-sm">
          {trial.clusters.map((cluster) => (
            <li key={cluster.deployment_id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
              <span className="font-medium text-foreground">{cluster.name}</span>
              <span className="font-mono text-xs break-all text-muted-foreground">
                {cluster.deployment_id}
              </span>
              <span className="text-xs text-muted-foreground">
                {cluster.last_seen_at ? (
                  <>
                    last seen <RelativeTime iso={cluster.last_seen_at} />
                  </>
                ) : (
                  <>
                    registered <RelativeTime iso={cluster.registered_at} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function TrialList({
  page,
  q,
  onPage,
  onNew,
}: {
  page: number;
  q: string;
  onPage: (page: number) => void;
  onNew: () => void;
}) {
  const trials = useQuery(trialLicencesQuery(page, q));
  if (trials.isError) return <QueryError query={trials} />;
  if (trials.isPending)
    return (
      <LoadingRegion label="Loading trial licences" className="space-y-2">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  const { items, total, page_size } = trials.data;
  if (items.length === 0)
    return (
      <EmptyState
        icon={FlaskConical}
        title={q ? "No trial licence matches" : "No trial licences yet"}
        description={
          q ? (
            <p>Nothing for “{q}”. Search by company or contact.</p>
          ) : (
            <p>Give a prospect a trial licence.</p>
          )
        }
        action={
          <Button onClick={onNew}>
            <Plus aria-hidden="true" />
            New trial licence
          </Button>
        }
      />
    );
  return (
    <div>
      <ul aria-label="Trial licences" className="space-y-2">
        {items.map((trial) => (
          <TrialRow key={trial.id} trial={trial} />
        ))}
      </ul>
      <Pager page={page} pages={Math.max(1, Math.ceil(total / Math.max(1, page_size)))} onPage={onPage} />
    </div>
  );
}

export function TrialLicences() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const exportCsv = useMutation({
    mutationFn: () => licencesApi.exportTrials(),
    onSuccess: (name) => toast.success(`${name} has been downloaded.`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <section aria-labelledby="trial-licences" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id="trial-licences" className="text-lg font-semibold text-foreground">
            Trial licences
          </h2>
          <p className="text-sm text-muted-foreground">
            Licences for prospects, and the clusters that registered with them. Engineers only.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
            <FileSpreadsheet aria-hidden="true" />
            Export CSV
          </Button>
          <Button ref={newButton} onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            New trial licence
          </Button>
        </div>
      </div>
      <Input
        type="search"
        aria-label="Search trial licences"
        placeholder="Search company or contact…"
        className="sm:max-w-sm"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      <TrialList page={page} q={q} onPage={setPage} onNew={() => setCreating(true)} />
      <TrialDialog open={creating} onOpenChange={setCreating} fallbackFocus={newButton} />
    </section>
  );
}
