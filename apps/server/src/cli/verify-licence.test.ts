import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  LICENCE_ISSUER,
  LICENCE_KEYS_PATH,
  LICENCE_MESSAGES,
  LICENCE_TYPE,
} from "@portico/shared/schemas/licences";
import { importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateLicenceKey } from "../platform/licence-keys";
import { verifyLicenceCli } from "./verify-licence";

let dir: string;
let licence: string;
let keys: string;
let jwks: { keys: JWK[] };
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "verify-licence-"));
  const key = await generateLicenceKey();
  jwks = { keys: [key.publicJwk as JWK] };
  const token = await new SignJWT({
    kind: "subscription",
    account_id: 2,
    organization: "acme",
    plan: "ENTERPRISE",
    capacity_tib: 100,
    clusters: [],
    trial_id: null,
  })
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid, typ: LICENCE_TYPE })
    .setIssuer(LICENCE_ISSUER)
    .setSubject("account:2")
    .setIssuedAt()
    .setJti("j")
    .setExpirationTime("10d")
    .sign(await importJWK(key.privateJwk as JWK, "EdDSA"));
  licence = path.join(dir, "acme-licence.jwt");
  keys = path.join(dir, "keys.json");
  writeFileSync(licence, `${token}\n`);
  writeFileSync(keys, JSON.stringify(jwks));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("verify-licence CLI", () => {
  it("with a saved key set: valid, and the claims", async () => {
    const result = await verifyLicenceCli([licence, "--keys", keys]);
    expect(result.code).toBe(0);
    expect(result.text).toContain('"organization": "acme"');
  });

  it("with --url: fetches the well-known key set", async () => {
    const asked: string[] = [];
    const fetcher = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(jwks), { status: 200 });
    }) as typeof fetch;
    expect((await verifyLicenceCli([licence, "--url", "https://portico.example/"], fetcher)).code).toBe(0);
    expect(asked).toEqual([`https://portico.example${LICENCE_KEYS_PATH}`]);
  });

  it("expired at --at: exit 1 with the reason", async () => {
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString();
    expect(await verifyLicenceCli([licence, "--keys", keys, "--at", later])).toEqual({
      code: 1,
      text: `Invalid: ${LICENCE_MESSAGES.expired}`,
    });
  });

  it("usage errors: exit 2", async () => {
    expect((await verifyLicenceCli([licence])).code).toBe(2);
    expect((await verifyLicenceCli([licence, "--keys", keys, "--url", "x"])).code).toBe(2);
    expect((await verifyLicenceCli(["--keys", keys])).code).toBe(2);
  });
});
