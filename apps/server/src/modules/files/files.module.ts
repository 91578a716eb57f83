/** The files module: resumable uploads, files of an account, scanning, attachments, §7.3 uploads. */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerFileJobs } from "./files.jobs";
import { fileRoutes } from "./files.routes";
import { FilesRuntime } from "./files.runtime";
import { objectRoutes, rawObjectRoutes } from "./objects.routes";
import { ScanWorker } from "./scanning/scan-worker";
import { uploadRoutes } from "./uploads.tus";

declare module "fastify" {
  interface FastifyInstance {
    files: { runtime: FilesRuntime; scans: ScanWorker };
  }
}

async function files(app: FastifyInstance) {
  const runtime = new FilesRuntime(app.ctx, app.log);
  const scans = new ScanWorker(runtime);
  registerFileJobs(runtime);
  app.decorate("files", { runtime, scans });
  // Failed scans are retried when due; new ones are started at once by the upload that completes.
  app.addHook("onReady", async () => scans.start());
  app.addHook("onClose", async () => scans.stop());

  await app.register(uploadRoutes, { prefix: "/api", rt: runtime });
  await app.register(rawObjectRoutes, { prefix: "/api", rt: runtime });
  await app.register(fileRoutes, { prefix: "/api", rt: runtime });
  await app.register(objectRoutes, { prefix: "/api", rt: runtime });
}

/** Registered unencapsulated: `app.files` (runtime, scan worker) is there for main and tests. */
export const filesModule = fp(files, { name: "files" });
