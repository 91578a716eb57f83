/**
 * Files of an account (spec §7.1 files), signed downloads, attachments (§7.2 pin/unpin, §7.3
 * attachment URL) and the §7.3 upload calls. Routes are thin: parse, load, authorise, call the
 * service, present.
 */
import { ALERTS } from "@portico/shared/errors";
import {
  FILE_MESSAGES,
  ZAccountFilesParams,
  ZAttachmentListQuery,
  ZAttachmentListResponse,
  ZAttachmentUrlQuery,
  ZFile,
  ZFileItems,
  ZFileListQuery,
  ZFileListResponse,
  ZFileParams,
  ZFileUpdate,
  ZFileUrlQuery,
  ZSignedUrl,
} from "@portico/shared/schemas/files";
import { zIdText } from "@portico/shared/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FileRow } from "../../db/schema";
import { actingOn, requireViewer } from "../../platform/auth/require";
import { resolveAccount, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { notFound } from "../../platform/errors";
import { VIEWABLE_TYPES } from "../../platform/user-files";
import { auditActor } from "../customers/audit";
import { pushAttachment } from "./attachments";
import { sendFile } from "./download";
import { assertDownloadable, assertMayChangeFile, assertMaySeeFiles, FILE_NOT_FOUND } from "./files.policy";
import {
  findFile,
  findFileByUuid,
  listAttachments,
  listFiles,
  listOrphans,
  presentAttachment,
  presentFile,
  usedBytes,
} from "./files.queries";
import type { FilesRuntime } from "./files.runtime";
import { deleteFile, setPinned, updateFile } from "./files.service";
import { receiveForm } from "./receive";
import { type Disposition, signFileUrl, verifyFileUrl } from "./signed-url";

const tags = ["files"];
const uploadAlert = { alertCode: ALERTS.UPLOAD_FILE.code };

export async function fileRoutes(fastify: FastifyInstance, opts: { rt: FilesRuntime }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rt } = opts;
  const { db, jwt } = rt.ctx;

  /** The file in this account, or 404. */
  const findListed = async (exec: Executor, accountId: number, uuid: string) => {
    const file = await findFile(exec, accountId, uuid);
    if (!file || file.fileType === "picture") throw notFound(FILE_NOT_FOUND);
    return file;
  };

  /** The file in this account, or 404; with the viewer's access to the account. */
  const loadFile = async (viewer: Viewer, accountId: number, uuid: string, exec: Executor = db) => {
    const access = await assertMaySeeFiles(exec, viewer, accountId);
    return { access, file: await findListed(exec, accountId, uuid) };
  };

  /** Incomplete uploads show how far they got (asked of the storage, a few per page at most). */
  const present = async (row: FileRow) =>
    presentFile(row, row.complete ? undefined : await rt.storage.received(row.uuid).catch(() => undefined));

  const signedUrl = (file: FileRow, isView: boolean) => {
    assertDownloadable(file);
    const disposition: Disposition = isView && VIEWABLE_TYPES.has(file.mime) ? "inline" : "attachment";
    return signFileUrl(jwt, { uuid: file.uuid, accountId: file.accountId, disposition });
  };

  app.get(
    "/accounts/:id/files",
    {
      config: { machine: "files_read" },
      schema: {
        tags,
        params: ZAccountFilesParams,
        querystring: ZFileListQuery,
        response: { 200: ZFileListResponse },
      },
    },
    async (request) => {
      const accountId = request.params.id;
      const viewer = actingOn(request, accountId);
      if (viewer) await assertMaySeeFiles(db, viewer, accountId);
      const q = request.query;
      const [{ rows, total }, used] = await Promise.all([
        listFiles(db, accountId, q),
        usedBytes(db, accountId),
      ]);
      return {
        items: await Promise.all(rows.map(present)),
        total,
        page: q.page,
        page_size: q.page_size,
        used_bytes: used,
        quota_bytes: rt.config.quotaBytes,
      };
    },
  );

  app.post(
    "/accounts/:id/files",
    {
      config: uploadAlert,
      schema: {
        tags,
        params: ZAccountFilesParams,
        consumes: ["multipart/form-data"],
        response: { 201: ZFile },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const file = await receiveForm(request, rt, viewer, request.params.id);
      return reply.code(201).send(presentFile(file));
    },
  );

  app.get(
    "/accounts/:id/files/orphan",
    { schema: { tags, params: ZAccountFilesParams, response: { 200: ZFileItems } } },
    async (request) => {
      const viewer = requireViewer(request);
      if (!viewer.isEngineer) throw notFound(FILE_NOT_FOUND);
      await assertMaySeeFiles(db, viewer, request.params.id);
      return { items: (await listOrphans(db, request.params.id)).map((f) => presentFile(f)) };
    },
  );

  app.put(
    "/accounts/:id/files/:uuid",
    { schema: { tags, params: ZFileParams, body: ZFileUpdate, response: { 200: ZFile } } },
    async (request) => {
      const viewer = requireViewer(request);
      const updated = await db.transaction(async (tx) => {
        const { access, file } = await loadFile(viewer, request.params.id, request.params.uuid, tx);
        assertMayChangeFile(viewer, access, file);
        return updateFile(tx, file, request.body);
      });
      await pushAttachment(rt.ctx, updated, "edited");
      return present(updated);
    },
  );

  app.delete(
    "/accounts/:id/files/:uuid",
    { schema: { tags, params: ZFileParams } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { access, file } = await loadFile(viewer, request.params.id, request.params.uuid);
      assertMayChangeFile(viewer, access, file);
      await deleteFile(rt, viewer, file, auditActor(request));
      return reply.code(204).send();
    },
  );

  app.get(
    "/accounts/:id/files/:uuid/url",
    {
      config: { machine: "files_read" },
      schema: { tags, params: ZFileParams, querystring: ZFileUrlQuery, response: { 200: ZSignedUrl } },
    },
    async (request) => {
      const { id, uuid } = request.params;
      const viewer = actingOn(request, id);
      const file = viewer ? (await loadFile(viewer, id, uuid)).file : await findListed(db, id, uuid);
      return signedUrl(file, request.query.is_view);
    },
  );

  /** The signed link itself: no bearer header (an <img src>), the signature is the authority. */
  app.get(
    "/files/:uuid/content",
    {
      config: { public: true },
      schema: {
        tags,
        params: z.object({ uuid: z.uuid() }),
        querystring: z.object({
          aid: zIdText("aid"),
          d: z.enum(["inline", "attachment"]),
          exp: z.string().regex(/^\d{1,12}$/),
          sig: z.string().max(100),
        }),
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const { aid, d, exp, sig } = request.query;
      const target = { uuid, accountId: aid, disposition: d };
      if (!verifyFileUrl(jwt, target, Number(exp), sig)) throw notFound(FILE_MESSAGES.linkExpired);
      const file = await findFile(db, target.accountId, uuid);
      if (!file) throw notFound(FILE_NOT_FOUND);
      assertDownloadable(file);
      return sendFile(reply, rt.storage, file, d, request.headers.range);
    },
  );

  app.get(
    "/chat/attachment/:uuid",
    {
      schema: {
        tags,
        params: z.object({ uuid: z.uuid({ error: "Not a file id" }) }),
        querystring: ZAttachmentUrlQuery,
        response: { 200: ZSignedUrl },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { aid, is_view } = request.query;
      const file =
        viewer.isEngineer && aid === undefined
          ? await findFileByUuid(db, request.params.uuid)
          : await findFile(db, resolveAccount(viewer, aid).accountId, request.params.uuid);
      if (!file || file.fileType === "picture") throw notFound(FILE_NOT_FOUND);
      return signedUrl(file, is_view);
    },
  );

  app.get(
    "/accounts/:id/attachments",
    {
      schema: {
        tags,
        params: ZAccountFilesParams,
        querystring: ZAttachmentListQuery,
        response: { 200: ZAttachmentListResponse },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      await assertMaySeeFiles(db, viewer, request.params.id);
      return {
        items: (await listAttachments(db, request.params.id, request.query.pinned)).map(presentAttachment),
      };
    },
  );

  for (const [method, pinned] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/accounts/:id/attachments/:uuid/pin",
      schema: { tags, params: ZFileParams },
      handler: async (request, reply) => {
        const viewer = requireViewer(request);
        const { id, uuid } = request.params as z.infer<typeof ZFileParams>;
        const { file } = await loadFile(viewer, id, uuid);
        if (file.fileType !== "attachment") throw notFound(FILE_NOT_FOUND);
        await setPinned(rt, file, pinned);
        return reply.code(204).send();
      },
    });
  }
}
