/**
 * Fields the user dialogs share: the organization a user joins (searched by name on the server)
 * and the role they get there.
 */
import type { TAccountSummary } from "@portico/shared/schemas/accounts";
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { Combobox } from "../../../components/ui/combobox";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/select";
import { organizationSearchQuery } from "../../../lib/organizations";

export const CHOOSE_ORGANIZATION = "Choose an organization";

const ROLE_OPTIONS = [
  { value: "user", label: "User" },
  { value: "owner", label: "Owner" },
] as const;
export type MemberRole = (typeof ROLE_OPTIONS)[number]["value"];

export interface ChosenOrganization {
  id: number;
  company: string;
}

export function OrganizationField({
  value,
  onChange,
  offers,
  error,
}: {
  value: ChosenOrganization | null;
  onChange: (organization: ChosenOrganization) => void;
  /** Which of the found organizations may be chosen here. */
  offers: (organization: TAccountSummary) => boolean;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState("");
  const organizations = useQuery(organizationSearchQuery(useDeferredValue(search)));
  const options = (organizations.data?.items ?? [])
    .filter(offers)
    .map((org) => ({ value: String(org.account_id), label: org.company }));
  return (
    <Field label="Organization" error={error}>
      {(control) => (
        <Combobox
          {...control}
          options={options}
          value={value ? String(value.id) : null}
          selectedLabel={value?.company}
          onValueChange={(id) =>
            onChange({ id: Number(id), company: options.find((o) => o.value === id)?.label ?? "" })
          }
          onSearchChange={setSearch}
          loading={organizations.isFetching && !organizations.data}
          placeholder={CHOOSE_ORGANIZATION}
          searchPlaceholder="Search organizations…"
          emptyText={organizations.isError ? organizations.error.error : "No organization matches."}
        />
      )}
    </Field>
  );
}

export function MemberRoleField({
  label = "Role",
  value,
  onChange,
}: {
  label?: string;
  value: MemberRole;
  onChange: (role: MemberRole) => void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <Select
          {...control}
          options={ROLE_OPTIONS}
          value={value}
          onValueChange={(role) => onChange(role as MemberRole)}
        />
      )}
    </Field>
  );
}
