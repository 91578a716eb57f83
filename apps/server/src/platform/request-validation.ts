/**
 * Input that must never reach PostgreSQL, refused once for every route: a text value cannot hold
 * U+0000 there (the driver fails and the caller would get a 500). The schema validator of every
 * route's body, query string and path parameters goes through `refusingNul`; multipart form
 * fields, which no schema sees, are checked by platform/multipart.ts with `containsNul`.
 */
import type { FastifySchemaCompiler } from "fastify";

export const NUL_REFUSED = "Text must not contain the NUL character (U+0000)";

/** True when any string in the value (object keys included, at any depth) contains U+0000. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** A 400 that the error handler answers with its message. */
export function nulError(): Error {
  return Object.assign(new Error(NUL_REFUSED), { statusCode: 400 });
}

/** Wraps a validator compiler: any value holding U+0000 is refused with a 400 before the schema runs. */
export function refusingNul<T>(compiler: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
  return (routeSchema) => {
    const validate = compiler(routeSchema);
    return (data: unknown) => (containsNul(data) ? { error: nulError() } : validate(data));
  };
}
