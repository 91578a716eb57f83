import type { TTeam } from "@portico/shared/schemas/accounts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export const teamsQuery = queryOptions({
  queryKey: ["teams"],
  queryFn: () => api.get<TTeam[]>("/api/auth/teams", { aid: false }),
});
