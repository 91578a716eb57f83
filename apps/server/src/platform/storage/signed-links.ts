/**
 * Short-lived links to stored bytes that work without the bearer header (`<img src>`, a plain
 * link, a redirect): an HMAC, with a key derived from the server's signing secret (every instance
 * agrees), over what the link names and its expiry. Changing any part breaks the signature.
 */
import { timingSafeEqual } from "node:crypto";
import type { JwtSigner } from "../auth/jwt";

export const SIGNED_LINK_SECONDS = 300;

const payload = (parts: ReadonlyArray<string | number>, expires: number) => [...parts, expires].join("\0");

/** The expiry (unix seconds) and signature of a link naming `parts` for `purpose`. */
export function signLink(
  jwt: JwtSigner,
  purpose: string,
  parts: ReadonlyArray<string | number>,
  now = Date.now(),
) {
  const expires = Math.floor(now / 1000) + SIGNED_LINK_SECONDS;
  return { expires, sig: jwt.derive(purpose, payload(parts, expires)) };
}

/** Whether `sig` is ours for exactly these parts and the link has not expired. */
export function verifyLink(
  jwt: JwtSigner,
  purpose: string,
  parts: ReadonlyArray<string | number>,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(jwt.derive(purpose, payload(parts, expires)));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
