import type { ApiErrorBody } from "@portico/shared/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

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

/** Every non-2xx answer is `{ error, status, code? }`; 5xx internals stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.status)
        .headers(err.headers)
        .send(body(err.status, err.message, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(body(400, validationMessage(err.validation[0])));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, "response did not match its schema");
      return reply.code(500).send(body(500, "Internal server error"));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return reply.code(status).send(body(status, "Internal server error"));
    }
    if (status === 429) return reply.code(429).send(body(429, "Too many attempts, please try again later"));
    return reply.code(status).send(body(status, err.message));
  });
}
