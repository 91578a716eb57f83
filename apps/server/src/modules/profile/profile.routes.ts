import { ZUserInfo } from "@portico/shared/schemas/accounts";
import { ZProfile } from "@portico/shared/schemas/profile";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userPictures, users } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { readAid } from "../../platform/auth/viewer";
import { badRequest, HttpError, notFound } from "../../platform/errors";
import { PICTURE_TOO_LARGE, PICTURE_WRONG_TYPE, sniffImageType } from "./picture";
import { getProfile, mayViewPicture, savePicture, updateProfile } from "./profile.service";
import { getUserInfo } from "./user-info";

const tags = ["profile"];

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    "/user",
    { schema: { tags, querystring: z.object({ aid: z.string().optional() }), response: { 200: ZUserInfo } } },
    async (request) => getUserInfo(db, requireViewer(request), readAid(request)),
  );

  app.get("/profile", { schema: { tags, response: { 200: ZProfile } } }, async (request) =>
    getProfile(db, requireViewer(request).userId),
  );

  app.post(
    "/profile",
    { schema: { tags, consumes: ["multipart/form-data"], response: { 200: ZProfile } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!request.isMultipart()) throw badRequest("Send the profile as multipart/form-data");
      const fields: Record<string, string> = {};
      let picture: { type: string; data: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            fields[part.fieldname] = String(part.value);
          } else if (part.fieldname === "picture") {
            const data = await part.toBuffer();
            const type = sniffImageType(data);
            if (!type) throw badRequest(PICTURE_WRONG_TYPE);
            picture = { type, data };
          } else {
            part.file.resume();
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          throw new HttpError(413, PICTURE_TOO_LARGE);
        throw err;
      }
      await db.transaction(async (tx) => {
        await updateProfile(tx, viewer.userId, fields);
        if (picture) await savePicture(tx, viewer.userId, picture.type, picture.data);
      });
      return getProfile(db, viewer.userId);
    },
  );

  app.delete("/profile/picture", { schema: { tags } }, async (request, reply) => {
    const viewer = requireViewer(request);
    await db.delete(userPictures).where(eq(userPictures.userId, viewer.userId));
    await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, viewer.userId));
    return reply.code(204).send();
  });

  app.get(
    "/user/:id/thumbnail",
    { schema: { tags, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const userId = request.params.id;
      const [picture] = (await mayViewPicture(db, viewer, userId))
        ? await db.select().from(userPictures).where(eq(userPictures.userId, userId))
        : [];
      if (!picture) throw notFound("No picture");
      return reply
        .header("content-type", picture.contentType)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=86400")
        .send(picture.data);
    },
  );
}
