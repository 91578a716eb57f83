import {
  LICENCE_ISSUER,
  LICENCE_MESSAGES,
  LICENCE_TYPE,
  type TLicenceClaims,
} from "@portico/shared/schemas/licences";
import { importJWK, type JWK, SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { generateLicenceKey } from "../../platform/licence-keys";
import { verifyLicence } from "./verify";

type Key = Awaited<ReturnType<typeof generateLicenceKey>>;
let ours: Key;
let foreign: Key;
beforeAll(async () => {
  ours = await generateLicenceKey();
  foreign = await generateLicenceKey();
});

const claims: TLicenceClaims = {
  kind: "subscription",
  account_id: 7,
  organization: "acme",
  plan: "ENTERPRISE",
  capacity_tib: 100,
  clusters: ["a", "b"],
  trial_id: null,
};

async function token(
  key: Key,
  opts: { exp?: Date; typ?: string; kid?: string; payload?: object; issuer?: string } = {},
) {
  return new SignJWT({ ...(opts.payload ?? claims) })
    .setProtectedHeader({ alg: "EdDSA", kid: opts.kid ?? key.kid, typ: opts.typ ?? LICENCE_TYPE })
    .setIssuer(opts.issuer ?? LICENCE_ISSUER)
    .setSubject("account:7")
    .setIssuedAt()
    .setJti("j-1")
    .setExpirationTime(opts.exp ?? new Date(Date.now() + 86_400_000))
    .sign(await importJWK(key.privateJwk as JWK, "EdDSA"));
}

const jwks = () => ({ keys: [ours.publicJwk as JWK] });

/** The token with the character at `at` of part `part` (0 header, 1 payload, 2 signature) changed. */
function changed(jws: string, part: number, at: number) {
  const parts = jws.split(".");
  const text = parts[part] ?? "";
  const c = text[at] === "A" ? "B" : "A";
  parts[part] = text.slice(0, at) + c + text.slice(at + 1);
  return parts.join(".");
}

describe("verifyLicence (offline)", () => {
  it("accepts a licence signed by a published key and returns its claims", async () => {
    const result = await verifyLicence(await token(ours), jwks());
    expect(result).toMatchObject({ ok: true, claims: { ...claims, iss: LICENCE_ISSUER, sub: "account:7" } });
  });

  it("a changed byte in the payload or the signature: tampered", async () => {
    const jws = await token(ours);
    expect(await verifyLicence(changed(jws, 1, 10), jwks())).toEqual({
      ok: false,
      error: LICENCE_MESSAGES.tampered,
    });
    expect(await verifyLicence(changed(jws, 2, 20), jwks())).toEqual({
      ok: false,
      error: LICENCE_MESSAGES.tampered,
    });
  });

  it("past its expiry: expired (judged at the given time)", async () => {
    const exp = new Date(Date.now() + 3_600_000);
    const jws = await token(ours, { exp });
    expect((await verifyLicence(jws, jwks())).ok).toBe(true);
    expect(await verifyLicence(jws, jwks(), new Date(exp.getTime() + 1000))).toEqual({
      ok: false,
      error: LICENCE_MESSAGES.expired,
    });
  });

  it("signed by a key that is not published: unknownKey (its own kid or ours)", async () => {
    expect(await verifyLicence(await token(foreign), jwks())).toEqual({
      ok: false,
      error: LICENCE_MESSAGES.unknownKey,
    });
    // A forger naming our kid still fails the signature.
    expect(await verifyLicence(await token(foreign, { kid: ours.kid }), jwks())).toEqual({
      ok: false,
      error: LICENCE_MESSAGES.tampered,
    });
  });

  it("not a Portico licence: malformed", async () => {
    const malformed = { ok: false, error: LICENCE_MESSAGES.malformed };
    expect(await verifyLicence("not-a-token", jwks())).toEqual(malformed);
    expect(await verifyLicence(await token(ours, { typ: "JWT" }), jwks())).toEqual(malformed);
    expect(await verifyLicence(await token(ours, { issuer: "someone" }), jwks())).toEqual(malformed);
    expect(await verifyLicence(await token(ours, { payload: { plan: "X" } }), jwks())).toEqual(malformed);
  });
});
