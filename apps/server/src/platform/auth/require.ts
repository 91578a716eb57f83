import type { FastifyRequest } from "fastify";
import { unauthorized } from "../errors";
import type { Viewer } from "./viewer";

/** The authenticated viewer of a route guarded by `app.authenticate`. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
