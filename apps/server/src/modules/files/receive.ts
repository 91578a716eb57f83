/**
 * Whole-file uploads in one request: a multipart form (`file` after its fields) or a raw body.
 * The file part streams to the storage as it arrives (never buffered), through the same path as
 * tus uploads: the fields are read first, so the file is checked before its first byte is stored.
 */
import { FILE_MESSAGES, ZFileFormFields } from "@portico/shared/schemas/files";
import type { FastifyRequest } from "fastify";
import type { FileRow } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import { HttpError } from "../../platform/errors";
import { FORM_UNREADABLE } from "../../platform/multipart";
import { containsNul, nulError } from "../../platform/request-validation";
import { auditActor } from "../customers/audit";
import type { FilesRuntime } from "./files.runtime";
import { describeUpload, storeWholeFile, type UploadFields } from "./files.service";
import { otherUploadError, refusedError, sizeError } from "./upload-errors";

export const NOT_MULTIPART = "Send the file as multipart/form-data with a field named file";
export const NO_FILE = "The form has no field named file";

function parseFields(fields: Record<string, string>, fixedType?: UploadFields["file_type"]): UploadFields {
  const parsed = ZFileFormFields.safeParse(fixedType ? { ...fields, file_type: fixedType } : fields);
  if (!parsed.success) throw refusedError(parsed.error.issues[0]?.message ?? "The form is not valid");
  return parsed.data;
}

/** Reads a multipart upload and stores its file; `fixedType` for the calls that imply one (§7.3). */
export async function receiveForm(
  request: FastifyRequest,
  rt: FilesRuntime,
  viewer: Viewer,
  accountId: number,
  fixedType?: UploadFields["file_type"],
): Promise<FileRow> {
  if (!request.isMultipart()) throw refusedError(NOT_MULTIPART);
  const fields: Record<string, string> = {};
  let stored: FileRow | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: rt.config.maxBytes, files: 1, fields: 20 },
    })) {
      if (part.type === "field") {
        const value = String(part.value);
        if (containsNul(part.fieldname) || containsNul(value)) throw nulError();
        fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname !== "file" || stored) {
        part.file.resume();
        continue;
      }
      const description = await describeUpload(
        rt.ctx.db,
        viewer,
        accountId,
        parseFields(fields, fixedType),
        part.filename || "file",
      );
      stored = await storeWholeFile(rt, viewer, description, part.file, undefined, auditActor(request));
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw sizeError(FILE_MESSAGES.tooLarge);
    if (code?.startsWith("FST_")) throw otherUploadError(FORM_UNREADABLE, 400);
    throw err;
  }
  if (!stored) throw refusedError(Object.keys(fields).length > 0 ? NO_FILE : NOT_MULTIPART);
  return stored;
}

/** A raw body (scripts: `curl --data-binary @file`), its length from Content-Length when sent. */
export async function receiveRaw(
  request: FastifyRequest,
  rt: FilesRuntime,
  viewer: Viewer,
  accountId: number,
  fields: UploadFields,
  filename: string,
): Promise<FileRow> {
  const header = request.headers["content-length"];
  const announced = header === undefined ? undefined : Number(header);
  if (announced !== undefined && !Number.isSafeInteger(announced))
    throw sizeError("Content-Length is not valid", 400);
  if (announced !== undefined && announced > rt.config.maxBytes) throw sizeError(FILE_MESSAGES.tooLarge);
  const description = await describeUpload(rt.ctx.db, viewer, accountId, fields, filename);
  return storeWholeFile(rt, viewer, description, request.raw, announced, auditActor(request));
}
