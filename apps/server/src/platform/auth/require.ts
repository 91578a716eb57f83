import type { FastifyRequest } from "fastify";
import { unauthorized } from "../errors";
import type { Viewer } from "./viewer";

/** The viewer of a route that is not public (the request guard has authenticated them). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
