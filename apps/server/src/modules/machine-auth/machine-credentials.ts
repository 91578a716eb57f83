/**
 * Machine credentials as the request guard sees them: a bearer token is recognised by its prefix
 * and looked up once, by the unique hash of the table its prefix names. API tokens carry scopes;
 * a registration key only registers clusters, a call-home key only uploads its cluster's reports.
 */
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, type ApiScope } from "@portico/shared/schemas/api-tokens";
import { CALL_HOME_KEY_PREFIX, CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { LICENCE_MESSAGES, REGISTRATION_KEY_PREFIX } from "@portico/shared/schemas/licences";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { apiTokens, clusters, registrationKeys } from "../../db/schema";
import { hashToken } from "../../platform/auth/secrets";
import type { Db } from "../../platform/db/client";
import { HttpError } from "../../platform/errors";

export type MachineKind = "api_token" | "registration_key" | "call_home";

/** Who a machine credential acts for (request.machine). */
export interface MachinePrincipal {
  kind: MachineKind;
  accountId: number;
  /** The API token's id (kind api_token). */
  tokenId?: number;
  /** The cluster whose call-home key it is (kind call_home). */
  clusterId?: string;
}

const PREFIXES: [string, MachineKind][] = [
  [API_TOKEN_PREFIX, "api_token"],
  [REGISTRATION_KEY_PREFIX, "registration_key"],
  [CALL_HOME_KEY_PREFIX, "call_home"],
];

/** Besides API tokens holding the scope, the one key kind a scope's routes also take. */
const KEY_OF_SCOPE: Partial<Record<ApiScope, MachineKind>> = {
  cluster_register: "registration_key",
  health_upload: "call_home",
};

/** The kind of machine credential a bearer token is, if the route's scope takes that kind. */
export function machineKindFor(scope: ApiScope, token: string): MachineKind | undefined {
  // 32 random bytes are 43 characters; anything much shorter or longer is not one of ours.
  if (token.length < 40 || token.length > 200) return undefined;
  const kind = PREFIXES.find(([prefix]) => token.startsWith(prefix))?.[1];
  return kind === "api_token" || (kind && KEY_OF_SCOPE[scope] === kind) ? kind : undefined;
}

export interface FoundCredential {
  principal: MachinePrincipal;
  /** An API token's scopes (every other kind is checked by machineKindFor). */
  scopes?: string[];
  /** An API token's last use is older than a minute (or never): worth recording again. */
  stale?: boolean;
}

const refused: Record<MachineKind, string> = {
  api_token: API_TOKEN_MESSAGES.invalid,
  registration_key: LICENCE_MESSAGES.registrationKey,
  call_home: CLUSTER_MESSAGES.callHomeKey,
};

const staleUse = or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`));

/** One query on the unique hash; unknown, rotated, deleted or expired: 401. */
export async function findMachineCredential(
  db: Db,
  kind: MachineKind,
  token: string,
): Promise<FoundCredential> {
  const hash = hashToken(token);
  const found = await lookup(db, kind, hash);
  if (!found) throw new HttpError(401, refused[kind]);
  return found;
}

async function lookup(db: Db, kind: MachineKind, hash: string): Promise<FoundCredential | undefined> {
  switch (kind) {
    case "api_token": {
      const [row] = await db
        .select({
          id: apiTokens.id,
          accountId: apiTokens.accountId,
          scopes: apiTokens.scopes,
          stale: sql<boolean>`${staleUse}`,
        })
        .from(apiTokens)
        .where(and(eq(apiTokens.tokenHash, hash), sql`${apiTokens.expiresAt} > now()`));
      return (
        row && {
          principal: { kind, accountId: row.accountId, tokenId: row.id },
          scopes: row.scopes,
          stale: row.stale,
        }
      );
    }
    case "registration_key": {
      const [row] = await db
        .select({ accountId: registrationKeys.accountId })
        .from(registrationKeys)
        .where(eq(registrationKeys.keyHash, hash));
      return row && { principal: { kind, accountId: row.accountId } };
    }
    case "call_home": {
      const [row] = await db
        .select({ clusterId: clusters.id, accountId: clusters.accountId })
        .from(clusters)
        .where(eq(clusters.callHomeKeyHash, hash));
      return row && { principal: { kind, accountId: row.accountId, clusterId: row.clusterId } };
    }
  }
}

/** Records a token's use; conditional, so concurrent requests write it at most once a minute. */
export async function touchApiToken(db: Db, tokenId: number) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), staleUse));
}
