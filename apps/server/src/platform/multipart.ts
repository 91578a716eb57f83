/**
 * Reads a multipart/form-data request: text fields into a record, each file handed to `onFile`.
 * Every way the form itself can be wrong is a 4xx, never a 500: not multipart, a NUL in a field
 * (it would reach PostgreSQL), a file over the size limit (413), too many parts (413), and a body
 * the parser cannot read (missing boundary, truncated, malformed headers: 400).
 */
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { containsNul, nulError } from "./request-validation";

export const FORM_UNREADABLE = "The form data could not be read";

export interface ReadFormOptions {
  /** Answer when the request is not multipart/form-data. */
  notMultipart: string;
  /** Answer (413) when a file is over the size limit. */
  fileTooLarge: string;
  /** Reads one file part (or drains it); only reading belongs here, storing comes after the form. */
  onFile(part: MultipartFile): Promise<void>;
}

function formError(err: unknown, options: ReadFormOptions): unknown {
  if (err instanceof HttpError) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, options.fileTooLarge);
  if (statusCode !== undefined && statusCode < 500) return err;
  // The parser's own failures carry no status: the body is not a readable form.
  if (statusCode === undefined) return new HttpError(400, FORM_UNREADABLE);
  return err;
}

export async function readForm(request: FastifyRequest, options: ReadFormOptions) {
  if (!request.isMultipart()) throw new HttpError(400, options.notMultipart);
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        const value = String(part.value);
        if (containsNul(part.fieldname) || containsNul(value)) throw nulError();
        fields[part.fieldname] = value;
      } else {
        await options.onFile(part);
      }
    }
  } catch (err) {
    throw formError(err, options);
  }
  return fields;
}
