/**
 * Short-lived download links, so `<img src>` and plain links work without the bearer header:
 * `/api/files/{uuid}/content?aid=…&d=inline|attachment&exp=…&sig=…`. The signature is an HMAC
 * with a key derived from the server's signing secret (every instance agrees) over the uuid, the
 * account, the disposition and the expiry, so no part can be changed. The link is only as good as
 * the file row behind it: a deleted file's link answers 404.
 */
import { timingSafeEqual } from "node:crypto";
import { SIGNED_URL_TTL_SECONDS } from "@portico/shared/schemas/files";
import type { JwtSigner } from "../../platform/auth/jwt";

export type Disposition = "inline" | "attachment";

export interface SignedTarget {
  uuid: string;
  accountId: number;
  disposition: Disposition;
}

const payload = (t: SignedTarget, expires: number) =>
  `${t.uuid}\0${t.accountId}\0${t.disposition}\0${expires}`;

export function signFileUrl(jwt: JwtSigner, target: SignedTarget, now = Date.now()) {
  const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
  const sig = jwt.derive("file-url", payload(target, expires));
  const query = new URLSearchParams({
    aid: String(target.accountId),
    d: target.disposition,
    exp: String(expires),
    sig,
  });
  return {
    url: `/api/files/${target.uuid}/content?${query}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** Whether the link's signature is ours for exactly these parts and has not expired. */
export function verifyFileUrl(
  jwt: JwtSigner,
  target: SignedTarget,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(jwt.derive("file-url", payload(target, expires)));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
