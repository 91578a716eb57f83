import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

function findWebDist(configured: string | undefined): string | undefined {
  if (configured) return path.resolve(configured);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "apps", "web", "dist");
    if (existsSync(path.join(candidate, "index.html"))) return candidate;
    const sibling = path.join(dir, "web", "dist");
    if (existsSync(path.join(sibling, "index.html"))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Serves the built single-page app; every non-API path falls back to index.html. */
export async function registerWebApp(app: FastifyInstance, config: Config) {
  const root = findWebDist(config.webDist);
  const notFound = (method: string, url: string) => ({
    error: `Route ${method} ${url} not found`,
    status: 404,
  });
  if (!root) {
    app.log.warn("web app not built (apps/web/dist missing): serving the API only; run `npm run build`");
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(notFound(request.method, request.url.split("?")[0] ?? "/")),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    // HEAD is GET without the body: a link checker or proxy probing /issues sees the app too.
    const read = request.method === "GET" || request.method === "HEAD";
    if (!read || url.startsWith("/api/") || url.startsWith("/assets/")) {
      return reply.code(404).send(notFound(request.method, url));
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
