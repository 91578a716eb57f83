/**
 * "Attach to organization": a user who belongs to no organization joins one (POST set-team
 * {user_id, account_id, role}), chosen by searching the organizations by name.
 */

import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useDeferredValue, useState } from "react";
import { ErrorAlert } from "../../components/ui/alert";
import { Combobox } from "../../components/ui/combobox";
import { Field } from "../../components/ui/field";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { organizationSearchQuery } from "../../lib/organizations";
import { actionsApi, useAccountAction } from "../customers/account-actions/actions-api";
import { ActionDialog, FormFooter } from "../customers/account-actions/dialog-parts";
import type { TUserWithoutMembership } from "./users-api";

export const CHOOSE_ORGANIZATION = "Choose an organization";

const ROLE_OPTIONS = [
  { value: "user", label: "User" },
  { value: "owner", label: "Owner" },
] as const;
type MemberRole = (typeof ROLE_OPTIONS)[number]["value"];

function AttachForm({
  user,
  onDone,
  onAttached,
}: {
  user: TUserWithoutMembership;
  onDone: () => void;
  onAttached: (user: TUserWithoutMembership) => void;
}) {
  const [target, setTarget] = useState<{ id: number; company: string } | null>(null);
  const [targetError, setTargetError] = useState<string | undefined>();
  const [role, setRole] = useState<MemberRole>("user");
  const [search, setSearch] = useState("");
  const organizations = useQuery(organizationSearchQuery(useDeferredValue(search)));
  const options = (organizations.data?.items ?? [])
    .filter((org) => org.account_id !== VENDOR_ACCOUNT_ID && !org.is_disabled)
    .map((org) => ({ value: String(org.account_id), label: org.company }));
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
      <Field label="Organization" error={targetError}>
        {(control) => (
          <Combobox
            {...control}
            options={options}
            value={target ? String(target.id) : null}
            selectedLabel={target?.company}
            onValueChange={(value) => {
              const company = options.find((o) => o.value === value)?.label ?? "";
              setTarget({ id: Number(value), company });
              setTargetError(undefined);
              attach.reset();
            }}
            onSearchChange={setSearch}
            loading={organizations.isFetching && !organizations.data}
            placeholder={CHOOSE_ORGANIZATION}
            searchPlaceholder="Search organizations…"
            emptyText={organizations.isError ? organizations.error.error : "No organization matches."}
          />
        )}
      </Field>
      <Field label="Role">
        {(control) => (
          <Select
            {...control}
            options={ROLE_OPTIONS}
            value={role}
            onValueChange={(value) => setRole(value as MemberRole)}
          />
        )}
      </Field>
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
