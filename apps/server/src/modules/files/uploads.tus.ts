/**
 * Resumable uploads (tus 1.0) at /api/uploads through @tus/server. Fastify authenticates the
 * request like every route (the request guard, before any byte is read) and hands the raw
 * request to tus untouched: no body parser runs, the stream goes straight to the store. The
 * upload id is the file's uuid. Metadata is checked at creation, with the size limit and the
 * account's quota (the announced length is reserved, and tus never accepts a byte past it, so a
 * lying Upload-Length or Content-Length cannot overrun either); PATCH, HEAD and DELETE reach only
 * the uploader's own uploads. Two PATCHes of one upload are serialised by the locker; a wrong
 * Upload-Offset answers 409, a bad checksum 460, an expired upload 410.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { FILE_MESSAGES, UPLOADS_PATH, ZUploadMetadata } from "@portico/shared/schemas/files";
import { MemoryLocker, Server, type Upload } from "@tus/server";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { files } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import type { Viewer } from "../../platform/auth/viewer";
import { HttpError } from "../../platform/errors";
import { type AuditActor, auditActor } from "../customers/audit";
import { ChecksumStore, parseChecksumHeader, requestChecksum } from "./checksum-store";
import { mayContinueUpload } from "./files.policy";
import { findFileByUuid } from "./files.queries";
import type { FilesRuntime } from "./files.runtime";
import { completeFile, describeUpload, type FileDescription, reserveFile } from "./files.service";
import { otherUploadError, refusedError, sizeError } from "./upload-errors";

interface UploadRequestState {
  viewer: Viewer;
  /** The uploader as the organization's history records them. */
  actor: AuditActor;
  /** Set while a creation is checked (namingFunction), used when the upload is created. */
  description?: FileDescription;
}

const requestState = new AsyncLocalStorage<UploadRequestState>();

function state(): UploadRequestState {
  const s = requestState.getStore();
  if (!s) throw new Error("tus hook outside a request");
  return s;
}

/** A refusal in tus's shape, with our JSON body (`{error, status, code}`). */
const tusError = (err: HttpError) => ({
  status_code: err.status,
  body: JSON.stringify({ error: err.message, status: err.status, ...(err.code ? { code: err.code } : {}) }),
});

/** tus's own refusals in the spec's words and codes. */
function mapTusError(err: { status_code: number; body: string }): HttpError {
  const reason = err.body.trim().replace(/\n/g, " ");
  switch (err.status_code) {
    case 413:
      return sizeError(FILE_MESSAGES.tooLarge);
    case 409:
      return otherUploadError("Upload-Offset does not match the bytes received", 409);
    case 410:
      return otherUploadError("The upload expired", 410);
    case 460:
      return otherUploadError("Checksum mismatch", 460);
    case 501:
      return sizeError("Upload-Length is required", 400);
    default:
      if (reason.startsWith("Upload-Length")) return sizeError("Upload-Length is required", 400);
      if (reason.startsWith("Upload-Metadata")) return refusedError("Upload-Metadata is not valid");
      return otherUploadError(err.status_code >= 500 ? "Internal server error" : reason, err.status_code);
  }
}

export function createTusServer(rt: FilesRuntime) {
  const { db } = rt.ctx;
  // A cancelled upload (tus termination) gives its room back before the DELETE is answered, so
  // the client that cancelled sees the room free at once.
  const store = new ChecksumStore(
    rt.storage.tusStore,
    path.join(rt.config.directory, ".spool"),
    async (id) => {
      await db.delete(files).where(eq(files.uuid, id));
    },
  );

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    // One instance serialises PATCHes of an upload: the second waits while the first is asked to stop.
    locker: new MemoryLocker(),
    relativeLocation: true,
    maxSize: rt.config.maxBytes,
    disableTerminationForFinishedUploads: true,

    namingFunction: async (_req, metadata) => {
      const parsed = ZUploadMetadata.safeParse(metadata ?? {});
      if (!parsed.success)
        throw tusError(refusedError(parsed.error.issues[0]?.message ?? "Upload-Metadata is not valid"));
      const m = parsed.data;
      const s = state();
      try {
        s.description = await describeUpload(db, s.viewer, m.account_id, m, m.filename);
      } catch (err) {
        throw err instanceof HttpError ? tusError(err) : err;
      }
      return randomUUID();
    },

    onUploadCreate: async (_req, upload: Upload) => {
      const s = state();
      if (!s.description) throw tusError(refusedError("Upload-Metadata is required"));
      if (upload.size === undefined) throw tusError(sizeError("Upload-Length is required", 400));
      const description = s.description;
      try {
        await db.transaction((tx) => reserveFile(tx, rt, s.viewer, description, upload.size ?? 0, upload.id));
      } catch (err) {
        throw err instanceof HttpError ? tusError(err) : err;
      }
      // The stored tus metadata need not carry the names again: the row has them.
      return { metadata: {} };
    },

    onIncomingRequest: async (req, id) => {
      if (req.method === "POST") return;
      const file = await findFileByUuid(db, id);
      if (!file || !mayContinueUpload(state().viewer, file)) {
        throw tusError(otherUploadError("Upload not found", 404));
      }
      // Every byte arrived but the server stopped before recording it (a crash between the last
      // write and its answer): the client's HEAD finishes the job.
      if (req.method === "HEAD" && !file.complete && (await rt.storage.received(id)) === file.size) {
        await completeFile(rt, state().viewer, id, undefined, state().actor);
      }
    },

    onUploadFinish: async (_req, upload: Upload) => {
      await completeFile(rt, state().viewer, upload.id, undefined, state().actor);
      return {};
    },

    onResponseError: (req, err) => {
      const node = (req as { runtime?: { node?: { res: { setHeader(n: string, v: string): void } } } })
        .runtime?.node;
      node?.res.setHeader("content-type", "application/json; charset=utf-8");
      if ("status_code" in err && err.body.startsWith("{")) return err;
      if ("status_code" in err) return tusError(mapTusError(err));
      rt.log.error({ err }, "upload failed");
      return tusError(mapTusError({ status_code: 500, body: "" }));
    },
  });

  return tus;
}

/** The Fastify side: every tus method under /api/uploads, bodies left unread for tus. */
export async function uploadRoutes(fastify: FastifyInstance, opts: { rt: FilesRuntime }) {
  let tus: Server | undefined;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = requireViewer(request);
    const checksum = parseChecksumHeader(request.headers["upload-checksum"] as string | undefined);
    if (typeof checksum === "string") throw refusedError(checksum);
    tus ??= createTusServer(opts.rt);
    const server = tus;
    reply.hijack();
    await requestState.run({ viewer, actor: auditActor(request) }, () =>
      requestChecksum.run(checksum, () => server.handle(request.raw, reply.raw)),
    );
  };

  const methods = ["POST", "HEAD", "PATCH", "DELETE", "OPTIONS"] as const;
  // A protocol of its own (tus 1.0, docs/API.md), not a JSON API: kept out of the OpenAPI document.
  const schema = { hide: true };
  fastify.route({ method: [...methods], url: "/uploads", schema, handler: handle });
  fastify.route({ method: [...methods], url: "/uploads/:id", schema, handler: handle });
}
