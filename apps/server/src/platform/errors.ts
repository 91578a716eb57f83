import type { ApiErrorBody } from "@portico/shared/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ApplyHeaders } from "./security-headers";

/** An expected failure with a message safe to show the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message = "You do not have access to this resource") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

function body(status: number, error: string, code?: number): ApiErrorBody {
  return code === undefined ? { error, status } : { error, status, code };
}

type UnionBranchIssue = { code: string; path: PropertyKey[]; message: string };

/**
 * The first issue's message. A union's own message is only "Invalid input": take the message of
 * the first branch the value got past the type check of (e.g. the §5 e-mail rule in `users`).
 */
function validationMessage(
  first: { keyword: string; message?: string; params?: unknown } | undefined,
): string {
  if (first?.keyword === "invalid_union") {
    const branches = (first.params as { errors?: UnionBranchIssue[][] } | undefined)?.errors ?? [];
    const typed = branches.find(
      (b) => b.length > 0 && !b.every((i) => i.code === "invalid_type" && i.path.length === 0),
    );
    if (typed?.[0]) return typed[0].message;
  }
  return first?.message ?? "Invalid request";
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The spec §8 alert code of this route (ALERTS in packages/shared/src/errors.ts): sent with
     * each of its failures but 401 and 503, which the web app handles globally (sign-in, the
     * maintenance page), unless the error names a code of its own.
     */
    alertCode?: number;
  }
}

/** The code an answer carries: the error's own, else the route's, never on 401 or 503. */
function answerCode(request: FastifyRequest, status: number, own: number | undefined): number | undefined {
  if (own !== undefined) return own;
  if (status === 401 || status === 503) return undefined;
  return request.routeOptions.config?.alertCode;
}

/** Every non-2xx answer is `{ error, status, code? }`; 5xx internals stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const send = (status: number, message: string, own?: number) =>
      reply.code(status).send(body(status, message, answerCode(request, status, own)));
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return send(err.status, err.message, err.code);
    }
    if (hasZodFastifySchemaValidationErrors(err)) return send(400, validationMessage(err.validation[0]));
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, "response did not match its schema");
      return send(500, "Internal server error");
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return send(status, "Internal server error");
    }
    if (status === 429) return send(429, "Too many attempts, please try again later");
    return send(status, err.message);
  });
}

export const MALFORMED_URL = "Malformed URL";

/**
 * Fastify's `frameworkErrors`: what it answers before any route or hook runs (a path that does not
 * decode, `/%zz`). The same flat body as every other failure, and the security headers too.
 */
export function answerFrameworkError(applyHeaders: ApplyHeaders) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applyHeaders(request.raw, reply.raw);
    const status = err.statusCode ?? 500;
    if (status >= 500) request.log.error({ err }, "request failed before routing");
    const message =
      status >= 500 ? "Internal server error" : err.code === "FST_ERR_BAD_URL" ? MALFORMED_URL : err.message;
    reply.code(status).send(body(status, message));
  };
}
