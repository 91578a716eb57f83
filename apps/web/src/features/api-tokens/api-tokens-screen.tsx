/**
 * /api-tokens (spec §3 API token, §7.1 api-tokens; issue 13), under the profile: the
 * organization's tokens for scripts and clusters (name, permissions, who made it and when,
 * expiry, last use), a new one with its secret shown once, deletion after a confirmation; and the
 * organization's registration key. Owners of the organization and engineers manage them; other
 * members are told who does.
 */
import { API_TOKEN_MESSAGES } from "@portico/shared/schemas/api-tokens";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import Key from "lucide-react/icons/key";
import Plus from "lucide-react/icons/plus";
import ShieldAlert from "lucide-react/icons/shield-alert";
import Trash2 from "lucide-react/icons/trash-2";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { DataTable, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { FormSkeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { RelativeTime } from "../clusters/cluster-status";
import { formatWhen } from "../files/format";
import { apiTokenKeys, apiTokensApi, apiTokensQuery, type TApiToken } from "./api";
import { NewTokenDialog } from "./new-token-dialog";
import { RegistrationKeyCard } from "./registration-key-card";

const BREADCRUMBS = [{ label: "Profile", to: "/profile" }, { label: "API tokens" }];

function DeleteToken({ token, accountId }: { token: TApiToken; accountId: number }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiTokensApi.remove(accountId, token.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(accountId) });
      toast.success(`Token “${token.name}” deleted.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon-sm" aria-label={`Delete “${token.name}”`}>
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title="Delete this token?"
      description={`Scripts using “${token.name}” stop working at once.`}
      confirmLabel="Delete token"
      onConfirm={() => remove.mutateAsync()}
    />
  );
}

const col = dataTableColumns<TApiToken>();

function tokenColumns(accountId: number) {
  return [
    col.accessor("name", {
      header: "Name",
      cell: (info) => (
        <div className="min-w-36">
          <p className="font-medium break-words text-foreground">{info.getValue()}</p>
          <p className="font-mono text-xs text-muted-foreground">{info.row.original.hint}</p>
        </div>
      ),
    }),
    col.accessor("api_names", {
      header: "Permissions",
      enableSorting: false,
      cell: (info) => (
        <span className="flex flex-wrap gap-1">
          {info.getValue().map((name) => (
            <Badge key={name} variant="info" className="font-mono">
              {name}
            </Badge>
          ))}
        </span>
      ),
    }),
    col.accessor("created_at", {
      header: "Created",
      sortFn: "datetime",
      cell: (info) => (
        <span className="text-sm">
          {formatWhen(info.getValue())}
          {info.row.original.created_by && (
            <span className="block text-xs text-muted-foreground">by {info.row.original.created_by}</span>
          )}
        </span>
      ),
    }),
    col.accessor("expires_at", {
      header: "Expires",
      sortFn: "datetime",
      cell: (info) => (
        <span className="flex flex-wrap items-center gap-1.5">
          {formatWhen(info.getValue())}
          {info.row.original.expired && <Badge variant="danger">Expired</Badge>}
        </span>
      ),
    }),
    col.accessor("last_used_at", {
      header: "Last used",
      sortFn: "datetime",
      cell: (info) => {
        const iso = info.getValue();
        return iso ? <RelativeTime iso={iso} /> : <span className="text-muted-foreground">Never</span>;
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { label: "Actions" },
      enableHiding: false,
      cell: (info) => <DeleteToken token={info.row.original} accountId={accountId} />,
    }),
  ];
}

function Tokens({ accountId, onNew }: { accountId: number; onNew: () => void }) {
  const tokens = useQuery(apiTokensQuery(accountId));
  const [columns] = useState(() => tokenColumns(accountId));
  if (tokens.isError) return <QueryError query={tokens} />;
  return (
    <DataTable
      label="API tokens"
      columns={columns}
      data={tokens.data?.items ?? []}
      getRowId={(row) => String(row.id)}
      loading={tokens.isPending}
      initialSorting={[{ id: "created_at", desc: true }]}
      empty={
        <EmptyState
          icon={Key}
          title="No API tokens yet"
          description={
            <p>Create one for a script that registers clusters, uploads reports or reads files.</p>
          }
          action={
            <Button onClick={onNew}>
              <Plus aria-hidden="true" />
              New token
            </Button>
          }
        />
      }
    />
  );
}

function ManageTokens({ accountId }: { accountId: number }) {
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  return (
    <>
      <div className="space-y-6">
        <section aria-labelledby="tokens-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="tokens-heading" className="text-lg font-semibold text-foreground">
              Tokens
            </h2>
            <Button ref={newButton} onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              New token
            </Button>
          </div>
          <Tokens accountId={accountId} onNew={() => setCreating(true)} />
        </section>
        <RegistrationKeyCard accountId={accountId} />
      </div>
      <NewTokenDialog
        open={creating}
        onOpenChange={setCreating}
        accountId={accountId}
        fallbackFocus={newButton}
      />
    </>
  );
}

export default function ApiTokensScreen() {
  const user = useCurrentUser();
  const info = user.data;
  const header = (
    <PageHeader
      title="API tokens"
      breadcrumbs={BREADCRUMBS}
      description={
        info?.companyName
          ? `Credentials for scripts and clusters of ${info.companyName}, each limited to what it is for.`
          : "Credentials for scripts and clusters, each limited to what it is for."
      }
    />
  );
  let body: React.ReactNode;
  if (user.isError) body = <QueryError query={user} />;
  else if (!info) body = <FormSkeleton fields={2} label="Loading" />;
  else if (info.accountId === null)
    body = (
      <EmptyState
        icon={Building2}
        title="No organization chosen"
        description={<p>Choose an organization at the top of the page to see its API tokens.</p>}
      />
    );
  else if (!info.isEngineer && !info.roles.includes("account_owner"))
    body = (
      <EmptyState
        icon={ShieldAlert}
        title="Owners manage API tokens"
        description={
          <p>
            {API_TOKEN_MESSAGES.ownersOnly}. Ask an owner of {info.companyName ?? "your organization"} for a
            token if a script needs one.
          </p>
        }
        action={
          <Link to="/profile" className={buttonVariants({ variant: "secondary" })}>
            Back to your profile
          </Link>
        }
      />
    );
  // A new organization (the switcher) is a new list: nothing of the previous one stays.
  else body = <ManageTokens key={info.accountId} accountId={info.accountId} />;
  return (
    <>
      {header}
      {body}
    </>
  );
}
