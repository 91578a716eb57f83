import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { usePersisted } from "../../lib/persisted-store";
import { teamsQuery } from "./api";

/**
 * The organization acted on. With several organizations the user picks one; the choice is kept
 * across visits and sent as `aid` with every request.
 */
export function OrganizationSwitcher({ user }: { user: TUserInfo }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [selected, setSelected] = usePersisted("selectedAccountId");
  const { data: teams } = useQuery(teamsQuery);

  // A remembered organization the user no longer belongs to falls back to their default.
  useEffect(() => {
    if (teams && selected !== null && !user.isEngineer && !teams.some((t) => t.account_id === selected)) {
      setSelected(null);
    }
  }, [teams, selected, user.isEngineer, setSelected]);

  if (!teams || teams.length < 2) {
    return user.companyName ? <p className="truncate text-sm text-slate-600">{user.companyName}</p> : null;
  }

  const current = selected ?? user.accountId ?? teams[0]?.account_id;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Organization
      </label>
      <select
        id={id}
        value={current ?? ""}
        onChange={(event) => {
          setSelected(Number(event.target.value));
          // Everything shown belongs to the organization: load it again for the new one.
          void queryClient.resetQueries();
        }}
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
      >
        {teams.map((team) => (
          <option key={team.account_id} value={team.account_id}>
            {team.company}
          </option>
        ))}
      </select>
    </div>
  );
}
