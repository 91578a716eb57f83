/**
 * Profile pictures in the file storage (the same storage as every upload), served by short-lived
 * signed links: GET user/{id}/thumbnail checks who may see the picture and redirects to
 * `/api/chat/user/{id}/picture?k=…&exp=…&sig=…`, which a browser can load without the bearer
 * header. A picture stored in the database before the storage existed moves there on first read.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { PROFILE_PICTURE_MAX_BYTES } from "@portico/shared/schemas/profile";
import { and, eq, isNull } from "drizzle-orm";
import { userPictures } from "../../db/schema";
import type { JwtSigner } from "../../platform/auth/jwt";
import type { Db } from "../../platform/db/client";
import type { Storage } from "../../platform/storage";
import { signLink, verifyLink } from "../../platform/storage/signed-links";

const PURPOSE = "picture-url";

export const newPictureKey = () => randomUUID();

export async function putPicture(storage: Storage, key: string, data: Buffer) {
  await storage.put(key, Readable.from([data]), PROFILE_PICTURE_MAX_BYTES);
}

export type PictureRow = typeof userPictures.$inferSelect;

/** The storage key of a picture, moving a picture kept in the database into the storage first. */
export async function pictureKey(db: Db, storage: Storage, row: PictureRow): Promise<string | undefined> {
  if (row.storageKey) return row.storageKey;
  if (!row.data) return undefined;
  const key = newPictureKey();
  await putPicture(storage, key, row.data);
  const [moved] = await db
    .update(userPictures)
    .set({ storageKey: key, data: null })
    .where(and(eq(userPictures.userId, row.userId), isNull(userPictures.storageKey)))
    .returning({ key: userPictures.storageKey });
  if (moved?.key) return moved.key;
  // Another request moved it meanwhile: theirs stands.
  await storage.delete(key);
  const [current] = await db.select().from(userPictures).where(eq(userPictures.userId, row.userId));
  return current?.storageKey ?? undefined;
}

export function signedPictureUrl(jwt: JwtSigner, userId: number, key: string) {
  const { expires, sig } = signLink(jwt, PURPOSE, [userId, key]);
  return `/api/chat/user/${userId}/picture?${new URLSearchParams({ k: key, exp: String(expires), sig })}`;
}

export const verifyPictureUrl = (jwt: JwtSigner, userId: number, key: string, expires: number, sig: string) =>
  verifyLink(jwt, PURPOSE, [userId, key], expires, sig);
