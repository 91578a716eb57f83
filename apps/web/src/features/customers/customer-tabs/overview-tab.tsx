/**
 * Overview: every field of the account (spec §3) from GET accountsinfo/:id — plan, subscription
 * dates and products, capacity against the contract, SLA, provider and currency, use cases,
 * notes link, last message, the engineers' roles — and its users (GET account-users?aid=).
 */
import { ENGINEER_ROLE_LABELS, ENGINEER_ROLES } from "@portico/shared/rules/roles";
import type { TSubscribedProduct } from "@portico/shared/schemas/billing";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import ExternalLink from "lucide-react/icons/external-link";
import Users from "lucide-react/icons/users";
import type { ReactNode } from "react";
import { QueryError } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/empty-state";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { UsageBar } from "../../clusters/cluster-status";
import { formatWhen } from "../../files/format";
import {
  ACCOUNT_TYPE_LABELS,
  formatDay,
  formatSla,
  PlanStatusBadge,
  PROVIDER_LABELS,
  Term,
} from "../../subscription/subscription-parts";
import { actionsApi } from "../account-actions/actions-api";
import {
  customerKeys,
  customerUsersQuery,
  type TAccountUsersResponse,
  type TCustomerDetail,
} from "../account-api";
import { type Column, PageTable, RowsSkeleton } from "./tab-parts";
import { UserRowActions } from "./user-row-actions";

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;
const tib = (value: number) => `${value.toLocaleString()} TiB`;

function OverviewCard({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function OrganizationFacts({ account }: { account: TCustomerDetail }) {
  const type = account.account_type;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Term label="Account ID">{account.account_id}</Term>
      <Term label="Created">{formatDay(account.created_at)}</Term>
      <Term label="Account type">{type.type ? ACCOUNT_TYPE_LABELS[type.type] : muted("Not set")}</Term>
      <Term label="Plan">
        <span className="flex flex-wrap items-center gap-1.5">
          {type.serviceType ?? muted("No plan")}
          {type.status && <PlanStatusBadge status={type.status} />}
        </span>
      </Term>
      <Term label="Support">{type.hasSupport ? "Included" : "Not included"}</Term>
      <Term label="Trial">{account.is_trial ? "Yes" : "No"}</Term>
      <Term label="SLA">{account.sla_hours === null ? muted("None") : `${account.sla_hours} hours`}</Term>
      <Term label="Provider">
        {account.subscription_provider ? PROVIDER_LABELS[account.subscription_provider] : muted("Not chosen")}
      </Term>
      <Term label="Currency">{account.currency_code ?? muted("Not chosen")}</Term>
      <Term label="Last message">
        {account.last_message_at ? formatWhen(account.last_message_at) : muted("No messages yet")}
      </Term>
      <Term label="Notes link" className="sm:col-span-2">
        {account.notes_link ? (
          <a
            href={account.notes_link}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 break-all text-link underline-offset-4 hover:underline"
          >
            {account.notes_link}
            <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          muted("None")
        )}
      </Term>
      <Term label="Use cases" className="sm:col-span-2">
        {account.use_cases.length === 0 ? (
          muted("None chosen")
        ) : (
          <ul className="flex flex-wrap gap-1.5">
            {account.use_cases.map((useCase) => (
              <li key={useCase.id}>
                <Badge variant="outline">{useCase.name}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Term>
    </dl>
  );
}

/** Contract against reported capacity; flags an account over (or within 10 % of) its contract. */
export function CapacityFacts({ account }: { account: TCustomerDetail }) {
  const contract = account.contract_capacity;
  const reported = account.reported_capacity;
  const over = contract !== null && reported !== null && reported > contract;
  const near = !over && contract !== null && contract > 0 && reported !== null && reported >= contract * 0.9;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-4">
        <Term label="Contract">{contract === null ? muted("No contract") : tib(contract)}</Term>
        <Term label="Reported">{reported === null ? muted("No report yet") : tib(reported)}</Term>
      </dl>
      {contract !== null && contract > 0 && reported !== null && (
        <UsageBar used={reported} total={contract} className="h-2" />
      )}
      {over && <Badge variant="danger">Over contract</Badge>}
      {near && <Badge variant="warning">Near contract</Badge>}
    </div>
  );
}

function SubscriptionFacts({ account }: { account: TCustomerDetail }) {
  const sub = account.subscription;
  if (!sub) return <p className="text-sm text-muted-foreground">This organization has no subscription.</p>;
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Term label="Plan">
        <span className="flex flex-wrap items-center gap-1.5">
          {sub.plan}
          <PlanStatusBadge status={sub.status} />
        </span>
      </Term>
      <Term label="Started">{formatDay(sub.started_at)}</Term>
      <Term label="Current period">
        {formatDay(sub.current_period_start)} – {formatDay(sub.current_period_end)}
      </Term>
      <Term label="Renews">{sub.auto_renew ? "Automatically" : "No"}</Term>
      {sub.cancel_at && <Term label="Cancels on">{formatDay(sub.cancel_at)}</Term>}
      {sub.ended_at && <Term label="Ended">{formatDay(sub.ended_at)}</Term>}
    </dl>
  );
}

const PRODUCT_COLUMNS: readonly Column<TSubscribedProduct>[] = [
  { header: "Product", className: "min-w-32", cell: (p) => p.name },
  { header: "Plan", className: "whitespace-nowrap", cell: (p) => `${p.plan} (version ${p.planVersion})` },
  {
    header: "Quantity",
    className: "whitespace-nowrap tabular-nums",
    cell: (p) => `${tib(p.quantity)} (minimum ${tib(p.minQuantity)})`,
  },
  {
    header: "SLA",
    className: "whitespace-nowrap",
    cell: (p) => formatSla(p.planSlaHours, p.planSlaCoverage),
  },
  {
    header: "Quantity changed",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (p) => formatWhen(p.quantityUpdatedAt),
  },
];

function Engineers({ account }: { account: TCustomerDetail }) {
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-4">
      {ENGINEER_ROLES.map((role) => {
        const engineer = account.eng_acc_roles.find((held) => held.role === role);
        return (
          <Term key={role} label={ENGINEER_ROLE_LABELS[role]}>
            {engineer ? (
              <>
                {engineer.name}
                <span className="block text-xs break-all text-muted-foreground">{engineer.email}</span>
              </>
            ) : (
              muted("Nobody")
            )}
          </Term>
        );
      })}
    </dl>
  );
}

type TUser = TAccountUsersResponse["users"][number];

const userColumns = (account: TCustomerDetail): readonly Column<TUser>[] => [
  { header: "Name", className: "min-w-32", cell: (u) => u.name },
  { header: "Email", className: "break-all", cell: (u) => u.email },
  { header: "Role", cell: (u) => (u.role === "owner" ? "Owner" : "User") },
  {
    header: "Status",
    cell: (u) =>
      u.is_disabled ? <Badge variant="danger">Disabled</Badge> : <Badge variant="success">Active</Badge>,
  },
  { header: "MFA", cell: (u) => (u.mfa_enabled ? "On" : "Off") },
  {
    header: "Joined",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (u) => formatDay(u.joined_at),
  },
  { header: "Actions", className: "w-12", cell: (u) => <UserRowActions account={account} user={u} /> },
];

function UsersCard({ account }: { account: TCustomerDetail }) {
  const users = useQuery(customerUsersQuery(account.account_id));
  let body: ReactNode;
  if (users.isError) body = <QueryError query={users} />;
  else if (users.isPending) body = <RowsSkeleton label="Loading the users" rows={3} />;
  else if (users.data.users.length === 0 && users.data.invites.length === 0)
    body = (
      <EmptyState
        icon={Users}
        title="No users yet"
        description={<p>Invite the organization's first user with Actions › Invite user.</p>}
      />
    );
  else
    body = (
      <div className="space-y-4">
        {users.data.users.length > 0 && (
          <PageTable
            label="Users"
            columns={userColumns(account)}
            rows={users.data.users}
            rowKey={(u) => u.user_id}
          />
        )}
        {users.data.invites.length > 0 && (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold">Pending invitations</h3>
            <ul className="space-y-1 text-sm">
              {users.data.invites.map((invite) => (
                <li key={invite.invite_id} className="flex flex-wrap items-center gap-x-2">
                  <span className="break-all">{invite.email}</span>
                  <span className="text-muted-foreground">
                    {invite.role === "owner" ? "as owner" : "as user"}, invited {formatDay(invite.created_at)}
                  </span>
                  <RevokeInvite
                    accountId={account.account_id}
                    inviteId={invite.invite_id}
                    email={invite.email}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    );
  return <OverviewCard title={`Users (${account.users})`}>{body}</OverviewCard>;
}

/** DELETE invites/:id: the link in the e-mail stops working; throws so the confirmation stays open on failure. */
function RevokeInvite({
  accountId,
  inviteId,
  email,
}: {
  accountId: number;
  inviteId: number;
  email: string;
}) {
  const queryClient = useQueryClient();
  const revoke = async () => {
    try {
      await actionsApi.revokeInvite(accountId, inviteId);
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success(`The invitation to ${email} was revoked.`);
    await queryClient.invalidateQueries({ queryKey: customerKeys.account(accountId) });
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Revoke the invitation to ${email}`}>
          Revoke
        </Button>
      }
      title="Revoke this invitation?"
      description={`The link sent to ${email} will stop working. You can invite them again later.`}
      confirmLabel="Revoke invitation"
      onConfirm={revoke}
    />
  );
}

export function OverviewTab({ account }: { account: TCustomerDetail }) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <OverviewCard title="Organization">
        <OrganizationFacts account={account} />
      </OverviewCard>
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <OverviewCard title="Capacity">
          <CapacityFacts account={account} />
        </OverviewCard>
        <OverviewCard title="Assigned engineers">
          <Engineers account={account} />
        </OverviewCard>
      </div>
      <OverviewCard title="Subscription" className="lg:col-span-2">
        <div className="space-y-4">
          <SubscriptionFacts account={account} />
          {account.subscribed_products.length > 0 && (
            <PageTable
              label="Subscribed products"
              columns={PRODUCT_COLUMNS}
              rows={account.subscribed_products}
              rowKey={(p) => p.product_id}
            />
          )}
        </div>
      </OverviewCard>
      <div className="lg:col-span-2">
        <UsersCard account={account} />
      </div>
    </div>
  );
}
