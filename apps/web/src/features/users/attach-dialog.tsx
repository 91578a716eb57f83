/**
 * "Attach to organization": a user who belongs to no organization joins one (POST set-team
 * {user_id, account_id, role}), chosen by searching the organizations by name.
 */

import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import { type FormEvent, type RefObject, useState } from "react";
import { ErrorAlert } from "../../components/ui/alert";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { actionsApi, useAccountAction } from "../customers/account-actions/actions-api";
import { ActionDialog, FormFooter } from "../customers/account-actions/dialog-parts";
import {
  CHOOSE_ORGANIZATION,
  type ChosenOrganization,
  type MemberRole,
  MemberRoleField,
  OrganizationField,
} from "../customers/account-actions/member-fields";
import type { TUserWithoutMembership } from "./users-api";

function AttachForm({
  user,
  onDone,
  onAttached,
}: {
  user: TUserWithoutMembership;
  onDone: () => void;
  onAttached: (user: TUserWithoutMembership) => void;
}) {
  const [target, setTarget] = useState<ChosenOrganization | null>(null);
  const [targetError, setTargetError] = useState<string | undefined>();
  const [role, setRole] = useState<MemberRole>("user");
  const attach = useAccountAction((input: { accountId: number; role: MemberRole }) =>
    actionsApi.setTeam({ user_id: user.user_id, account_id: input.accountId, role: input.role }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) return setTargetError(CHOOSE_ORGANIZATION);
    attach.mutate(
      { accountId: target.id, role },
      {
        onSuccess: () => {
          toast.success(
            `${user.name} was added to ${target.company}${role === "owner" ? " as an owner" : ""}.`,
          );
          onAttached(user);
          onDone();
        },
      },
    );
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <OrganizationField
        value={target}
        onChange={(organization) => {
          setTarget(organization);
          setTargetError(undefined);
          attach.reset();
        }}
        offers={(org) => org.account_id !== VENDOR_ACCOUNT_ID && !org.is_disabled}
        error={targetError}
      />
      <MemberRoleField value={role} onChange={setRole} />
      <ErrorAlert>{attach.isError ? errorMessage(attach.error) : null}</ErrorAlert>
      <FormFooter onCancel={onDone} submitLabel="Attach" busy={attach.isPending} />
    </form>
  );
}

export function AttachDialog({
  user,
  open,
  onOpenChange,
  fallbackFocus,
  onAttached,
}: {
  user: TUserWithoutMembership | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
  onAttached: (user: TUserWithoutMembership) => void;
}) {
  return (
    <ActionDialog
      open={open}
      onOpenChange={onOpenChange}
      fallbackFocus={fallbackFocus}
      title="Attach to organization"
      description={user ? `${user.name} (${user.email}) joins the organization you choose.` : ""}
    >
      {user && <AttachForm user={user} onDone={() => onOpenChange(false)} onAttached={onAttached} />}
    </ActionDialog>
  );
}
