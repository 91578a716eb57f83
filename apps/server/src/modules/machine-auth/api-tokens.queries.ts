/** Reading API tokens: an organization's list, newest first, with who made each and its last use. */
import type { TApiToken } from "@portico/shared/schemas/api-tokens";
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { type ApiTokenRow, apiTokens, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

export type ApiTokenListRow = ApiTokenRow & { creator: string | null; expired: boolean };

export function presentApiToken(row: ApiTokenListRow): TApiToken {
  return {
    id: row.id,
    account_id: row.accountId,
    name: row.name,
    hint: row.hint,
    api_names: row.scopes,
    created_at: row.createdAt.toISOString(),
    created_by: row.creator,
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expired,
  };
}

export async function listApiTokens(exec: Executor, accountId: number): Promise<ApiTokenListRow[]> {
  return exec
    .select({
      ...getTableColumns(apiTokens),
      creator: users.name,
      expired: sql<boolean>`${apiTokens.expiresAt} <= now()`,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.accountId, accountId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}
