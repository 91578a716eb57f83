/**
 * Offline licence verification: what a cluster does with its licence and the published key set
 * (LICENCE_KEYS_PATH), without calling Portico. Pure apart from the clock; the server's trial
 * registration and the verify-licence CLI use it too.
 */
import {
  LICENCE_ISSUER,
  LICENCE_MESSAGES,
  LICENCE_TYPE,
  type TLicenceClaims,
  ZLicenceClaims,
} from "@portico/shared/schemas/licences";
import { createLocalJWKSet, errors, type JSONWebKeySet, jwtVerify } from "jose";

export interface VerifiedClaims extends TLicenceClaims {
  iss: string;
  sub: string;
  iat: number;
  exp: number;
  jti: string;
}

export type LicenceVerification =
  | { ok: true; claims: VerifiedClaims }
  | {
      ok: false;
      error: (typeof LICENCE_MESSAGES)["tampered" | "expired" | "unknownKey" | "malformed"];
    };

const fail = (error: Extract<LicenceVerification, { ok: false }>["error"]) => ({ ok: false as const, error });

function failure(err: unknown) {
  if (err instanceof errors.JWSSignatureVerificationFailed) return fail(LICENCE_MESSAGES.tampered);
  if (err instanceof errors.JWTExpired) return fail(LICENCE_MESSAGES.expired);
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return fail(LICENCE_MESSAGES.unknownKey);
  }
  // A token that is not a JWS, a wrong alg/typ/issuer, an unreadable payload: not our licence.
  return fail(LICENCE_MESSAGES.malformed);
}

export async function verifyLicence(
  token: string,
  jwks: JSONWebKeySet,
  now: Date = new Date(),
): Promise<LicenceVerification> {
  try {
    const keys = createLocalJWKSet(jwks);
    const { payload } = await jwtVerify(token.trim(), keys, {
      issuer: LICENCE_ISSUER,
      typ: LICENCE_TYPE,
      algorithms: ["EdDSA"],
      currentDate: now,
      requiredClaims: ["sub", "iat", "exp", "jti"],
    });
    const claims = ZLicenceClaims.safeParse(payload);
    if (!claims.success) return fail(LICENCE_MESSAGES.malformed);
    return {
      ok: true,
      claims: { ...(payload as Omit<VerifiedClaims, keyof TLicenceClaims>), ...claims.data },
    };
  } catch (err) {
    return failure(err);
  }
}
