/**
 * Download links of files: `/api/files/{uuid}/content?aid=…&d=inline|attachment&exp=…&sig=…`,
 * signed over the uuid, the account, the disposition and the expiry, so no part can be changed.
 * The link is only as good as the file row behind it: a deleted file's link answers 404.
 */
import type { JwtSigner } from "../../platform/auth/jwt";
import { signLink, verifyLink } from "../../platform/storage/signed-links";

export type Disposition = "inline" | "attachment";

export interface SignedTarget {
  uuid: string;
  accountId: number;
  disposition: Disposition;
}

const PURPOSE = "file-url";
const parts = (t: SignedTarget) => [t.uuid, t.accountId, t.disposition];

export function signFileUrl(jwt: JwtSigner, target: SignedTarget, now = Date.now()) {
  const { expires, sig } = signLink(jwt, PURPOSE, parts(target), now);
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

export function verifyFileUrl(
  jwt: JwtSigner,
  target: SignedTarget,
  expires: number,
  sig: string,
  now = Date.now(),
) {
  return verifyLink(jwt, PURPOSE, parts(target), expires, sig, now);
}
