/**
 * Creating and deleting API tokens, one transaction each. The secret leaves the server once, in
 * the answer to its creation; only its SHA-256 hash is kept. Deleting stops it at the next request.
 */
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_ACCOUNT_MAX,
  type ApiScope,
} from "@portico/shared/schemas/api-tokens";
import { and, count, eq, sql } from "drizzle-orm";
import { accounts, apiTokens } from "../../db/schema";
import { issueSecret } from "../../platform/auth/secrets";
import type { Viewer } from "../../platform/auth/viewer";
import type { Db } from "../../platform/db/client";
import { conflict } from "../../platform/errors";
import type { ApiTokenListRow } from "./api-tokens.queries";

export interface NewApiToken {
  name: string;
  expiry_days: number;
  api_names: ApiScope[];
}

export async function createApiToken(
  db: Db,
  creator: Viewer,
  accountId: number,
  input: NewApiToken,
): Promise<{ row: ApiTokenListRow; secret: string }> {
  const { secret, hash, hint } = issueSecret(API_TOKEN_PREFIX);
  return db.transaction(async (tx) => {
    // Serialises creations per organization, so two at once cannot both pass the limit.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.accountId, accountId));
    if ((held?.n ?? 0) >= API_TOKENS_PER_ACCOUNT_MAX) throw conflict(API_TOKEN_MESSAGES.tooMany);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        accountId,
        name: input.name,
        tokenHash: hash,
        hint,
        scopes: [...new Set(input.api_names)],
        createdBy: creator.userId,
        expiresAt: sql`now() + make_interval(days => ${input.expiry_days})`,
      })
      .returning();
    if (!row) throw new Error("API token not inserted");
    return { row: { ...row, creator: creator.name, expired: false }, secret };
  });
}

/** False when the organization has no such token (another organization's is not found). */
export async function deleteApiToken(db: Db, accountId: number, tokenId: number): Promise<boolean> {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.accountId, accountId), eq(apiTokens.id, tokenId)))
    .returning({ id: apiTokens.id });
  return deleted.length > 0;
}
