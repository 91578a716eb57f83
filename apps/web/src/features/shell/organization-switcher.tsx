import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import { useDeferredValue, useEffect, useState } from "react";
import { Combobox } from "../../components/ui/combobox";
import { organizationSearchQuery, teamsQuery } from "../../lib/organizations";
import { usePersisted } from "../../lib/persisted-store";

const triggerClass = "h-9 w-44 sm:w-56";

/**
 * The organization acted on, sent as `aid` with every request and kept across visits. Customers
 * pick among their own organizations (shown only when they have several); engineers search every
 * organization by name.
 */
export function OrganizationSwitcher({ user }: { user: TUserInfo }) {
  const queryClient = useQueryClient();
  const [selected, setSelected] = usePersisted("selectedAccountId");
  const teams = useQuery({ ...teamsQuery, enabled: !user.isEngineer });
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const organizations = useQuery({ ...organizationSearchQuery(deferredSearch), enabled: user.isEngineer });

  // A remembered organization the customer no longer belongs to falls back to their default.
  useEffect(() => {
    const list = teams.data;
    if (list && selected !== null && !list.some((t) => t.account_id === selected)) setSelected(null);
  }, [teams.data, selected, setSelected]);

  const choose = (value: string) => {
    const id = Number(value);
    if (id === (selected ?? user.accountId)) return;
    setSelected(id);
    // Everything shown belongs to the organization: load it again for the new one.
    void queryClient.resetQueries();
  };
  const current = selected ?? user.accountId;

  if (user.isEngineer) {
    return (
      <Combobox
        aria-label="Organization"
        className={triggerClass}
        prefix={<Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
        options={(organizations.data?.items ?? []).map((a) => ({
          value: String(a.account_id),
          label: a.company,
        }))}
        value={current === null ? null : String(current)}
        selectedLabel={user.companyName ?? undefined}
        onValueChange={choose}
        onSearchChange={setSearch}
        loading={organizations.isFetching && !organizations.data}
        placeholder="Choose an organization"
        searchPlaceholder="Search organizations…"
        emptyText={organizations.isError ? organizations.error.error : "No organization matches."}
      />
    );
  }

  const list = teams.data ?? [];
  if (list.length < 2) {
    return user.companyName ? (
      <p className="flex min-w-0 items-center gap-2 text-sm font-medium">
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="truncate">{user.companyName}</span>
      </p>
    ) : null;
  }
  return (
    <Combobox
      aria-label="Organization"
      className={triggerClass}
      prefix={<Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />}
      options={list.map((team) => ({ value: String(team.account_id), label: team.company }))}
      value={current === null ? null : String(current ?? list[0]?.account_id)}
      onValueChange={choose}
      placeholder="Choose an organization"
      searchPlaceholder="Search organizations…"
      emptyText="No organization matches."
    />
  );
}
