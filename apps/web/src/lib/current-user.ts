/** The signed-in user (GET /api/chat/user), shared by the shell and the screens. */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { usePersisted } from "./persisted-store";
import { useSession } from "./session";

export const userQueryKey = ["user"] as const;

export function userQueryOptions(aid: number | null) {
  return queryOptions({
    queryKey: [...userQueryKey, aid],
    queryFn: () => api.get<TUserInfo>("/api/chat/user", { aid: aid ?? false }),
  });
}

export function useCurrentUser() {
  const session = useSession();
  const [aid] = usePersisted("selectedAccountId");
  return useQuery({ ...userQueryOptions(aid), enabled: session !== null });
}
