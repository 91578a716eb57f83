import { ALERTS } from "@portico/shared/errors";
import { ZAidQuery, ZIdParam, ZUserInfo } from "@portico/shared/schemas/accounts";
import { ZProfile } from "@portico/shared/schemas/profile";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { userPictures, users } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { readAid } from "../../platform/auth/viewer";
import { badRequest, notFound } from "../../platform/errors";
import { readForm } from "../../platform/multipart";
import { sendUserFile } from "../../platform/user-files";
import { PICTURE_TOO_LARGE, PICTURE_WRONG_TYPE, sniffImageType } from "./picture";
import { getProfile, mayViewPicture, savePicture, updateProfile } from "./profile.service";
import { getUserInfo } from "./user-info";

const tags = ["profile"];

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    "/user",
    {
      config: { alertCode: ALERTS.FETCH_USER_INFO.code },
      schema: { tags, querystring: ZAidQuery, response: { 200: ZUserInfo } },
    },
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

  app.get("/user/:id/thumbnail", { schema: { tags, params: ZIdParam } }, async (request, reply) => {
    const viewer = requireViewer(request);
    const userId = request.params.id;
    const [picture] = (await mayViewPicture(db, viewer, userId))
      ? await db.select().from(userPictures).where(eq(userPictures.userId, userId))
      : [];
    if (!picture) throw notFound("No picture");
    return sendUserFile(reply, {
      contentType: picture.contentType,
      filename: `picture-${userId}.${picture.contentType.split("/")[1] ?? "bin"}`,
      data: picture.data,
      // The URL carries a version (?v=), so a changed picture is a new address.
      cacheControl: "private, max-age=86400",
    });
  });
}
