/**
 * Licences (issue 13; spec §7.1 licences, license, trial_licenses, api-key; `/license`; §4 expiry
 * texts). A licence is a JWS (EdDSA, Ed25519) that a cluster verifies offline with the public keys
 * published at LICENCE_KEYS_PATH. Trial licences are issued by engineers to prospects; the
 * registration key lets a cluster register itself into its organization.
 */
import { MAX_ID, zIdText, zIntText } from "../validation";
import { z } from "../zod";

/** The JSON Web Key Set of every licence key still valid (public, cacheable). */
export const LICENCE_KEYS_PATH = "/.well-known/portico-licence-keys.json";
/** The licence token's `iss` and `typ`. */
export const LICENCE_ISSUER = "portico";
export const LICENCE_TYPE = "portico-licence+jwt";
/** A rotated-out key stays published (licences it signed still verify) for this long. */
export const LICENCE_KEY_GRACE_DAYS = 30;
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 90;
export const TRIAL_CAPACITY_MAX_TIB = 1_000;
export const REGISTRATION_KEY_PREFIX = "portico_rk_";

export const LICENCE_MESSAGES = {
  noLicence: "This organization has no licence yet",
  licenceNotFound: "Licence not found",
  trialNotFound: "Trial licence not found",
  engineersOnly: "Only engineers can do this",
  adminsOnly: "Only vendor admins can do this",
  ownersOnly: "Only an owner of the organization or an engineer can do this",
  companyRequired: "Company is required",
  companyTooLong: "Company cannot be longer than 200 characters",
  contactNameRequired: "Contact name is required",
  contactEmail: "Enter a valid e-mail address",
  trialDays: `Trial length must be ${TRIAL_DAYS_MIN} to ${TRIAL_DAYS_MAX} days`,
  trialCapacity: `Capacity must be 1 to ${TRIAL_CAPACITY_MAX_TIB} TiB`,
  registrationKey: "A valid registration key is required",
  // Why a licence does not verify (verifyLicence's answers).
  tampered: "The licence signature does not verify",
  expired: "The licence has expired",
  unknownKey: "The licence was signed by a key that is not (or no longer) published",
  malformed: "This is not a Portico licence",
} as const;

export const LICENCE_KINDS = ["subscription", "trial"] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

/** What a licence token's payload carries (besides iss, sub, iat, exp, jti). */
export const ZLicenceClaims = z.object({
  kind: z.enum(LICENCE_KINDS),
  /** The organization's account id (null for a trial given to a prospect). */
  account_id: z.number().nullable(),
  organization: z.string(),
  plan: z.string(),
  capacity_tib: z.number(),
  /** Deployment ids of the clusters covered (the organization's registered clusters). */
  clusters: z.array(z.string()),
  trial_id: z.number().nullable(),
});
export type TLicenceClaims = z.infer<typeof ZLicenceClaims>;

export const ZLicence = z.object({
  id: z.number(),
  kind: z.enum(LICENCE_KINDS),
  account_id: z.number().nullable(),
  organization: z.string(),
  plan: z.string(),
  capacity_tib: z.number(),
  clusters: z.array(z.string()),
  issued_at: z.string(),
  expires_at: z.string(),
  /** §4: "Expires in N days", "Expired today. Will be deleted soon.", … (server's clock). */
  expiry_text: z.string(),
  key_id: z.string(),
  /** The signed licence (JWS compact); what a cluster installs. */
  token: z.string(),
  /** A newer licence replaced this one (history). */
  superseded_at: z.string().nullable(),
});
export type TLicence = z.infer<typeof ZLicence>;

/** GET /api/auth/license?aid: the organization's current licence (404 noLicence). */
export const ZLicenceResponse = ZLicence;
/** GET /api/auth/licences?aid: its licences, newest first (history). */
export const ZLicenceList = z.object({ items: z.array(ZLicence) });

/** POST /api/auth/accounts/:id/licence (engineers): issue or reissue with these terms. */
export const ZIssueLicenceRequest = z.object({
  plan: z.string().trim().min(1).max(40),
  capacity_tib: z.number().int().min(1).max(1_000_000),
  /** Absolute expiry (ISO date-time), in the future. */
  expires_at: z.iso.datetime({ offset: true }),
});

/** GET LICENCE_KEYS_PATH: a JWK Set (kty OKP, crv Ed25519, kid, alg EdDSA, use sig). */
export const ZLicenceKeySet = z.object({
  keys: z.array(
    z.object({
      kty: z.literal("OKP"),
      crv: z.literal("Ed25519"),
      x: z.string(),
      kid: z.string(),
      alg: z.literal("EdDSA"),
      use: z.literal("sig"),
    }),
  ),
});

/** POST /api/auth/licence-keys/rotate (admins): a new signing key; the old one retires after the grace. */
export const ZRotateLicenceKeyResponse = z.object({ key_id: z.string(), reissued: z.number() });

// ---- trial licences (§7.1 trial_licenses with clusters and export; engineers) ----------------

export const ZCreateTrialLicenceRequest = z.object({
  company: z
    .string({ error: LICENCE_MESSAGES.companyRequired })
    .trim()
    .min(1, LICENCE_MESSAGES.companyRequired)
    .max(200, LICENCE_MESSAGES.companyTooLong),
  contact_name: z
    .string({ error: LICENCE_MESSAGES.contactNameRequired })
    .trim()
    .min(1, LICENCE_MESSAGES.contactNameRequired)
    .max(200),
  contact_email: z.email({ error: LICENCE_MESSAGES.contactEmail }).max(255, LICENCE_MESSAGES.contactEmail),
  capacity_tib: z
    .number({ error: LICENCE_MESSAGES.trialCapacity })
    .int(LICENCE_MESSAGES.trialCapacity)
    .min(1, LICENCE_MESSAGES.trialCapacity)
    .max(TRIAL_CAPACITY_MAX_TIB, LICENCE_MESSAGES.trialCapacity),
  days: z
    .number({ error: LICENCE_MESSAGES.trialDays })
    .int(LICENCE_MESSAGES.trialDays)
    .min(TRIAL_DAYS_MIN, LICENCE_MESSAGES.trialDays)
    .max(TRIAL_DAYS_MAX, LICENCE_MESSAGES.trialDays),
});
export type TCreateTrialLicenceRequest = z.input<typeof ZCreateTrialLicenceRequest>;

export const ZTrialCluster = z.object({
  deployment_id: z.string(),
  name: z.string(),
  registered_at: z.string(),
  last_seen_at: z.string().nullable(),
});

export const ZTrialLicence = z.object({
  id: z.number(),
  company: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
  capacity_tib: z.number(),
  days: z.number(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  expires_at: z.string(),
  expiry_text: z.string(),
  /** The signed licence the prospect installs. */
  token: z.string(),
  clusters: z.array(ZTrialCluster),
});
export type TTrialLicence = z.infer<typeof ZTrialLicence>;

export const ZTrialLicenceListQuery = z.object({
  page: z.preprocess((v) => (v === "" ? undefined : v), zIntText("page", 1, MAX_ID).optional()).default(1),
  q: z.string().trim().max(200).optional(),
});
export const ZTrialLicenceList = z.object({
  items: z.array(ZTrialLicence),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export const ZTrialLicenceParams = z.object({ id: zIdText("trial licence id") });

/**
 * POST /api/cluster/register/trial with `Authorization: Bearer <trial licence token>`: a
 * prospect's cluster reports itself against its trial (idempotent by deployment id).
 */
export const ZTrialClusterRegisterRequest = z.object({
  deployment_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().trim().min(1).max(100),
});

// ---- registration key (§7.1 api-key) ---------------------------------------------------------

/** GET /api/auth/api-key?aid (owners, engineers): the hint only; the key is shown once. */
export const ZRegistrationKeyInfo = z.object({
  hint: z.string().nullable(),
  created_at: z.string().nullable(),
});
/** POST /api/auth/api-key?aid: a new key (the old one stops at once), shown once. */
export const ZRegistrationKeyIssued = z.object({ key: z.string(), hint: z.string(), created_at: z.string() });
