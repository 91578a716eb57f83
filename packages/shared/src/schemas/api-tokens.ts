/**
 * API tokens (issue 13; spec §3 API token {name, expiry_days, api_names}; §7.1 api-tokens POST,
 * GET, DELETE, scopes; `/api-tokens` under the profile). A token acts for one organization, only
 * on routes that declare one of its scopes, until it expires or is deleted. The secret is shown
 * once, stored as a hash, and starts with API_TOKEN_PREFIX so secret scanners can find leaked ones.
 */
import { zIdText } from "../validation";
import { z } from "../zod";

export const API_TOKEN_PREFIX = "portico_at_";
export const API_TOKEN_NAME_MAX_LENGTH = 100;
export const API_TOKEN_EXPIRY_DAYS_MAX = 365;
export const API_TOKENS_PER_ACCOUNT_MAX = 50;

/** What a token may do (api_names). Routes declare the scope they accept. */
export const API_SCOPES = {
  cluster_register: "Register clusters (POST /api/cluster/register)",
  health_upload: "Upload health reports (POST /api/health/report)",
  clusters_read: "Read clusters and their health (GET /api/health, /api/accounts/{id}/clusters)",
  files_read: "List and download the organization's files",
} as const;
export type ApiScope = keyof typeof API_SCOPES;
export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as ApiScope[];

export const API_TOKEN_MESSAGES = {
  nameRequired: "Token name is required",
  nameTooLong: `Token name cannot be longer than ${API_TOKEN_NAME_MAX_LENGTH} characters`,
  expiryDays: `Expiry must be 1 to ${API_TOKEN_EXPIRY_DAYS_MAX} days`,
  scopesRequired: "Choose at least one permission",
  unknownScope: "Unknown permission",
  tokenNotFound: "Token not found",
  tooMany: `An organization can have at most ${API_TOKENS_PER_ACCOUNT_MAX} tokens`,
  ownersOnly: "Only an owner of the organization or an engineer can manage API tokens",
  /** 401 for a token that is unknown, expired or deleted. */
  invalid: "This API token is invalid or has expired",
  /** 403 for a token used on a route outside its scopes. */
  outOfScope: "This API token does not allow this call",
  /** 403 for a token used for another organization (aid). */
  otherAccount: "This API token belongs to another organization",
} as const;

/** POST /api/auth/api-tokens?aid */
export const ZCreateApiTokenRequest = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX_LENGTH, API_TOKEN_MESSAGES.nameTooLong),
  expiry_days: z
    .number({ error: API_TOKEN_MESSAGES.expiryDays })
    .int(API_TOKEN_MESSAGES.expiryDays)
    .min(1, API_TOKEN_MESSAGES.expiryDays)
    .max(API_TOKEN_EXPIRY_DAYS_MAX, API_TOKEN_MESSAGES.expiryDays),
  api_names: z
    .array(z.enum(API_SCOPE_NAMES as [ApiScope, ...ApiScope[]], { error: API_TOKEN_MESSAGES.unknownScope }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .max(API_SCOPE_NAMES.length),
});
export type TCreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequest>;

export const ZApiToken = z.object({
  id: z.number(),
  account_id: z.number(),
  name: z.string(),
  /** portico_at_…last4: recognisable, never usable. */
  hint: z.string(),
  api_names: z.array(z.string()),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  expired: z.boolean(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

/** The answer to POST: the token's row and its secret, shown this once. */
export const ZApiTokenCreated = z.object({ token: ZApiToken, secret: z.string() });
export const ZApiTokenList = z.object({ items: z.array(ZApiToken) });
/** GET /api/auth/api-tokens/scopes */
export const ZApiScopeList = z.array(z.object({ name: z.string(), description: z.string() }));
export const ZApiTokenParams = z.object({ id: zIdText("token id") });
