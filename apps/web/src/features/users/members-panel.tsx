/**
 * The selected organization's members (GET account-users?aid=): owners and engineers invite,
 * resend or revoke invitations, make a member owner and remove members; a plain user reads the
 * list. Changes go through the account actions' calls, which read the members again.
 */
import type { TAccountUser } from "@portico/shared/schemas/accounts";
import { useQuery } from "@tanstack/react-query";
import UserPlus from "lucide-react/icons/user-plus";
import UsersIcon from "lucide-react/icons/users";
import { type ReactNode, useRef, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { InviteUserDialog } from "../customers/account-actions";
import { actionsApi, useAccountAction } from "../customers/account-actions/actions-api";
import { customerUsersQuery, type TAccountUsersResponse } from "../customers/account-api";
import { type Column, PageTable, RowsSkeleton, TabSection } from "../customers/customer-tabs/tab-parts";
import { formatDay } from "../subscription/subscription-parts";
import { usersApi } from "./users-api";

type TInvite = TAccountUsersResponse["invites"][number];

export interface MembersPanelProps {
  accountId: number;
  company: string;
  /** Owners of the organization and engineers manage it; anyone else reads. */
  canManage: boolean;
  /** The signed-in user (not offered "Remove" on their own row). */
  selfId: number;
}

/** Runs a call for a confirmation: a toast either way; throws on failure so the dialog stays open. */
async function withFeedback(run: () => Promise<unknown>, success: string) {
  try {
    await run();
  } catch (error) {
    toast.error(errorMessage(error));
    throw error;
  }
  toast.success(success);
}

function MemberActions({
  member,
  accountId,
  company,
  selfId,
}: {
  member: TAccountUser;
  accountId: number;
  company: string;
  selfId: number;
}) {
  const makeOwner = useAccountAction(() => actionsApi.setOwner(accountId, member.user_id, true));
  const remove = useAccountAction(() => actionsApi.removeUsers(accountId, [member.user_id]));
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {member.role !== "owner" && (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Make ${member.name} an owner`}>
              Make owner
            </Button>
          }
          title={`Make ${member.name} an owner?`}
          description={`Owners manage ${company}: its users, invitations and subscription.`}
          confirmLabel="Make owner"
          destructive={false}
          onConfirm={() =>
            withFeedback(
              () => makeOwner.mutateAsync(undefined),
              `${member.name} is now an owner of ${company}.`,
            )
          }
        />
      )}
      {member.user_id !== selfId && (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Remove ${member.name}`}>
              Remove
            </Button>
          }
          title={`Remove ${member.name}?`}
          description={`${member.name} leaves ${company}; their account and other organizations stay.`}
          confirmLabel="Remove user"
          onConfirm={() =>
            withFeedback(() => remove.mutateAsync(undefined), `${member.name} was removed from ${company}.`)
          }
        />
      )}
    </div>
  );
}

function memberColumns(props: MembersPanelProps): Column<TAccountUser>[] {
  const columns: Column<TAccountUser>[] = [
    { header: "Name", className: "min-w-32", cell: (u) => u.name },
    { header: "Email", className: "break-all", cell: (u) => u.email },
    { header: "Role", cell: (u) => (u.role === "owner" ? "Owner" : "User") },
    {
      header: "MFA",
      cell: (u) => (u.mfa_enabled ? <Badge variant="info">MFA on</Badge> : <Badge>MFA off</Badge>),
    },
    {
      header: "Status",
      cell: (u) =>
        u.is_disabled ? <Badge variant="danger">Disabled</Badge> : <Badge variant="success">Active</Badge>,
    },
  ];
  if (props.canManage)
    columns.push({
      header: "Actions",
      className: "text-right",
      cell: (u) => (
        <MemberActions member={u} accountId={props.accountId} company={props.company} selfId={props.selfId} />
      ),
    });
  return columns;
}

function InviteRow({ invite, accountId }: { invite: TInvite; accountId: number }) {
  const resend = useAccountAction(() => usersApi.resendInvite(accountId, invite.invite_id));
  const revoke = useAccountAction(() => actionsApi.revokeInvite(accountId, invite.invite_id));
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 break-all font-medium">{invite.email}</span>
      <span className="text-muted-foreground">
        {invite.role === "owner" ? "as owner" : "as user"}, invited {formatDay(invite.created_at)}
      </span>
      <span className="ml-auto flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          busy={resend.isPending}
          aria-label={`Resend the invitation to ${invite.email}`}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast.success(`Invitation sent again to ${invite.email}.`),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Resend
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Revoke the invitation to ${invite.email}`}>
              Revoke
            </Button>
          }
          title="Revoke this invitation?"
          description={`The link sent to ${invite.email} will stop working. You can invite them again later.`}
          confirmLabel="Revoke invitation"
          onConfirm={() =>
            withFeedback(
              () => revoke.mutateAsync(undefined),
              `The invitation to ${invite.email} was revoked.`,
            )
          }
        />
      </span>
    </li>
  );
}

export function MembersPanel(props: MembersPanelProps) {
  const { accountId, company, canManage } = props;
  const members = useQuery(customerUsersQuery(accountId));
  const [inviting, setInviting] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);

  const invite = canManage ? (
    <Button ref={inviteButton} onClick={() => setInviting(true)}>
      <UserPlus aria-hidden="true" />
      Invite user
    </Button>
  ) : undefined;

  let body: ReactNode;
  if (members.isError) body = <QueryError query={members} />;
  else if (members.isPending) body = <RowsSkeleton label="Loading the members" rows={3} />;
  else {
    const { users, invites } = members.data;
    body = (
      <div className="space-y-6">
        {users.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title="No members yet"
            description={
              <p>
                {canManage
                  ? `Invite the first user of ${company} with Invite user.`
                  : `${company} has no members yet.`}
              </p>
            }
          />
        ) : (
          <PageTable
            label={`Members of ${company}`}
            columns={memberColumns(props)}
            rows={users}
            rowKey={(u) => u.user_id}
          />
        )}
        {canManage && invites.length > 0 && (
          <section aria-labelledby="pending-invitations-heading" className="space-y-1">
            <h3 id="pending-invitations-heading" className="text-base font-semibold">
              Pending invitations
            </h3>
            <ul className="divide-y text-sm">
              {invites.map((i) => (
                <InviteRow key={i.invite_id} invite={i} accountId={accountId} />
              ))}
            </ul>
          </section>
        )}
        {!canManage && (
          <p className="text-sm text-muted-foreground">
            Only an owner of {company} can invite or remove users.
          </p>
        )}
      </div>
    );
  }

  return (
    <TabSection id="members" title={`Members of ${company}`} actions={invite}>
      {body}
      <InviteUserDialog
        account={{ account_id: accountId, company }}
        open={inviting}
        onOpenChange={setInviting}
        fallbackFocus={inviteButton}
      />
    </TabSection>
  );
}
