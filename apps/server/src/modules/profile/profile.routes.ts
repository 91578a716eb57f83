import { ALERTS } from "@portico/shared/errors";
import { ZAidQuery, ZIdParam, ZTourRequest, ZUserInfo } from "@portico/shared/schemas/accounts";
import { ZProfile } from "@portico/shared/schemas/profile";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userPictures, users } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { readAid } from "../../platform/auth/viewer";
import { badRequest, notFound } from "../../platform/errors";
import { readForm } from "../../platform/multipart";
import { sendUserFile } from "../../platform/user-files";
import { PICTURE_TOO_LARGE, PICTURE_WRONG_TYPE, sniffImageType } from "./picture";
import { newPictureKey, pictureKey, putPicture, signedPictureUrl, verifyPictureUrl } from "./picture-storage";
import { getProfile, mayViewPicture, savePicture, setTourCompleted, updateProfile } from "./profile.service";
import { getUserInfo } from "./user-info";

const tags = ["profile"];

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, jwt, storage } = app.ctx;

  app.get(
    "/user",
    {
      config: { alertCode: ALERTS.FETCH_USER_INFO.code },
      schema: { tags, querystring: ZAidQuery, response: { 200: ZUserInfo } },
    },
    async (request) => getUserInfo(db, requireViewer(request), readAid(request)),
  );

  app.put("/user/tour", { schema: { tags, body: ZTourRequest } }, async (request, reply) => {
    await setTourCompleted(db, requireViewer(request).userId, request.body.completed);
    return reply.code(204).send();
  });

  app.get("/profile", { schema: { tags, response: { 200: ZProfile } } }, async (request) =>
    getProfile(db, requireViewer(request).userId),
  );

  app.post(
    "/profile",
    { schema: { tags, consumes: ["multipart/form-data"], response: { 200: ZProfile } } },
    async (request) => {
      const viewer = requireViewer(request);
      let picture: { type: string; data: Buffer } | undefined;
      const fields = await readForm(request, {
        notMultipart: "Send the profile as multipart/form-data",
        fileTooLarge: PICTURE_TOO_LARGE,
        async onFile(part) {
          if (part.fieldname !== "picture") return void part.file.resume();
          const data = await part.toBuffer();
          const type = sniffImageType(data);
          if (!type) throw badRequest(PICTURE_WRONG_TYPE);
          picture = { type, data };
        },
      });
      // The bytes go to the storage first; the row points at them only if the whole form is valid.
      const key = picture ? newPictureKey() : undefined;
      if (picture && key) await putPicture(storage, key, picture.data);
      let replaced: string | undefined;
      try {
        await db.transaction(async (tx) => {
          await updateProfile(tx, viewer, fields);
          if (picture && key) replaced = await savePicture(tx, viewer.userId, picture.type, key);
        });
      } catch (err) {
        if (key) await storage.delete(key);
        throw err;
      }
      if (replaced) await storage.delete(replaced);
      return getProfile(db, viewer.userId);
    },
  );

  app.delete("/profile/picture", { schema: { tags } }, async (request, reply) => {
    const viewer = requireViewer(request);
    const [gone] = await db
      .delete(userPictures)
      .where(eq(userPictures.userId, viewer.userId))
      .returning({ key: userPictures.storageKey });
    await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, viewer.userId));
    if (gone?.key) await storage.delete(gone.key);
    return reply.code(204).send();
  });

  /** Who may see it is checked here; the bytes come from a short-lived signed link (a redirect). */
  app.get("/user/:id/thumbnail", { schema: { tags, params: ZIdParam } }, async (request, reply) => {
    const viewer = requireViewer(request);
    const userId = request.params.id;
    const [picture] = (await mayViewPicture(db, viewer, userId))
      ? await db.select().from(userPictures).where(eq(userPictures.userId, userId))
      : [];
    const key = picture && (await pictureKey(db, storage, picture));
    if (!key) throw notFound("No picture");
    return reply
      .header("cache-control", "private, no-cache")
      .redirect(signedPictureUrl(jwt, userId, key), 302);
  });

  app.get(
    "/user/:id/picture",
    {
      config: { public: true },
      schema: {
        tags,
        params: ZIdParam,
        querystring: z.object({ k: z.uuid(), exp: z.string().regex(/^\d{1,12}$/), sig: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const userId = request.params.id;
      const { k, exp, sig } = request.query;
      if (!verifyPictureUrl(jwt, userId, k, Number(exp), sig)) throw notFound("No picture");
      const [picture] = await db
        .select({ contentType: userPictures.contentType, key: userPictures.storageKey })
        .from(userPictures)
        .where(eq(userPictures.userId, userId));
      // A replaced or removed picture's link stops working.
      if (picture?.key !== k) throw notFound("No picture");
      return sendUserFile(reply, {
        contentType: picture.contentType,
        filename: `picture-${userId}.${picture.contentType.split("/")[1] ?? "bin"}`,
        data: await storage.read(k),
        // The link names the picture's own key: a changed picture is a new address.
        cacheControl: "private, max-age=300",
      });
    },
  );
}
