/**
 * The upload calls of spec §7.3 on the same storage path as everything else: POST objects
 * (multipart, `aid`), POST objects/{accountId}/{issue}/{name} (a raw streamed body: an attachment
 * from a script), profile/info and profile/upload, perf/results and perf/upload, inspect/upload,
 * logs/list. Uploads are stored as files of their §9 type, ready for the health analysis.
 */
import { ALERTS } from "@portico/shared/errors";
import { ZAidQuery } from "@portico/shared/schemas/accounts";
import { FILE_NAME_MAX_LENGTH, ZFile, ZFileItems, ZFileListQuery } from "@portico/shared/schemas/files";
import { zIdText } from "@portico/shared/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FileKind } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount } from "../../platform/auth/viewer";
import { assertMaySeeFiles } from "./files.policy";
import { listFiles, presentFile } from "./files.queries";
import type { FilesRuntime } from "./files.runtime";
import { receiveForm, receiveRaw } from "./receive";

const tags = ["files"];

/** Multipart uploads (any type named in the form, or the one the call implies). */
export async function objectRoutes(fastify: FastifyInstance, opts: { rt: FilesRuntime }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rt } = opts;
  const { db } = rt.ctx;

  const upload = (url: string, fileType?: FileKind) =>
    app.post(
      url,
      {
        config: { alertCode: ALERTS.UPLOAD_FILE.code },
        schema: { tags, querystring: ZAidQuery, consumes: ["multipart/form-data"], response: { 201: ZFile } },
      },
      async (request, reply) => {
        const viewer = requireViewer(request);
        const { accountId } = resolveAccount(viewer, request.query.aid);
        const file = await receiveForm(request, rt, viewer, accountId, fileType);
        return reply.code(201).send(presentFile(file));
      },
    );

  const list = (url: string, types: FileKind[]) =>
    app.get(
      url,
      {
        schema: {
          tags,
          querystring: ZAidQuery.extend({ cluster_id: z.string().max(64).optional() }),
          response: { 200: ZFileItems },
        },
      },
      async (request) => {
        const viewer = requireViewer(request);
        const { accountId } = resolveAccount(viewer, request.query.aid);
        await assertMaySeeFiles(db, viewer, accountId);
        const pages = await Promise.all(
          types.map((type) =>
            listFiles(db, accountId, { ...ZFileListQuery.parse({}), type, page_size: 100 }),
          ),
        );
        const items = pages
          .flatMap((p) => p.rows)
          .filter((f) => request.query.cluster_id === undefined || f.clusterId === request.query.cluster_id)
          .map((f) => presentFile(f));
        return { items };
      },
    );

  upload("/objects");
  upload("/profile/upload", "profile");
  upload("/perf/upload", "perf_result");
  upload("/inspect/upload", "inspect");
  list("/profile/info", ["profile"]);
  list("/perf/results", ["perf_result"]);
  list("/logs/list", ["inspect", "health_report"]);
}

/** POST objects/{accountId}/{issue}/{name}: the body is the file, streamed, never buffered. */
export async function rawObjectRoutes(fastify: FastifyInstance, opts: { rt: FilesRuntime }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { rt } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
  app.post(
    "/objects/:accountId/:issue/:name",
    {
      config: { alertCode: ALERTS.UPLOAD_FILE.code },
      schema: {
        tags,
        params: z.object({
          accountId: zIdText("accountId"),
          issue: zIdText("issue"),
          name: z.string().min(1).max(FILE_NAME_MAX_LENGTH),
        }),
        response: { 201: ZFile },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { accountId, issue, name } = request.params;
      const file = await receiveRaw(
        request,
        rt,
        viewer,
        accountId,
        { file_type: "attachment", issue_number: issue },
        name,
      );
      return reply.code(201).send(presentFile(file));
    },
  );
}
