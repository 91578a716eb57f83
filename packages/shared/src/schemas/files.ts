/**
 * The files contract (spec §3 File, §4 scan status, §7.1 files, §7.2 attachments pin/unpin,
 * §7.3 uploads, §9 file types): resumable uploads over tus 1.0 at /api/uploads, the files of an
 * account, signed download URLs and message attachments.
 */

import { MAX_ID, MESSAGES, zIdText } from "../validation";
import { z } from "../zod";
import { SCAN_STATUSES, zIntText } from "./conversations";

/** The tus endpoint (creation POST here; HEAD/PATCH/DELETE on `${UPLOADS_PATH}/{uuid}`). */
export const UPLOADS_PATH = "/api/uploads";

/** File types of spec §9, listed on the files screen. */
export const FILE_TYPES = ["legal_doc", "health_report", "profile", "perf_result", "inspect"] as const;
/** What an upload may be: a §9 type, or a message attachment (shown in its conversation). */
export const UPLOAD_FILE_TYPES = [...FILE_TYPES, "attachment"] as const;
export type FileType = (typeof UPLOAD_FILE_TYPES)[number];

/** Scan status of spec §4 (defined with the message attributes). null on a file: upload not finished. */
export { SCAN_STATUSES, type ScanStatus } from "./conversations";

export const FILES_PAGE_SIZE_DEFAULT = 25;
export const FILES_PAGE_SIZE_MAX = 100;
/** Characters of a file name as shown (the stored name is a sanitised copy). */
export const FILE_NAME_MAX_LENGTH = 255;
export const FILE_TITLE_MAX_LENGTH = 200;
/** A signed download URL lives this long. */
export const SIGNED_URL_TTL_SECONDS = 300;
/** Chunk size the clients send PATCHes in (the server accepts any size). */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

export const FILE_MESSAGES = {
  documentTitleRequired: MESSAGES.documentTitleRequired,
  titleTooLong: `Title cannot be longer than ${FILE_TITLE_MAX_LENGTH} characters`,
  filenameRequired: "File name is required",
  filenameTooLong: `File name cannot be longer than ${FILE_NAME_MAX_LENGTH} characters`,
  fileType: `file_type must be one of ${UPLOAD_FILE_TYPES.join(", ")}`,
  issueRequired: "issue_number is required for an attachment",
  clusterId: "cluster_id must be 1 to 64 letters, digits, hyphens or underscores",
  editNothing: "Give a new filename, file_type or title",
  emptyFile: "The file is empty",
  tooLarge: "The file is larger than the limit",
  quotaExceeded: "The account's storage quota is full",
  /** §4 deleted attachment texts. */
  deleted: "Deleted",
  threatDeleted: "Threat detected and deleted",
  notReady: "The file is not ready to download until its scan is finished",
  scanFailed: "The file could not be scanned yet; it will be retried",
  tooBigToScan: "The file is too big to scan and cannot be downloaded",
  uploadIncomplete: "The upload has not finished",
  linkExpired: "This download link has expired or is not valid",
} as const;

const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** A name as the user gave it: kept for display, 1–255 characters, no control characters. */
export const fileName = z
  .string({ error: FILE_MESSAGES.filenameRequired })
  .trim()
  .min(1, FILE_MESSAGES.filenameRequired)
  .max(FILE_NAME_MAX_LENGTH, FILE_MESSAGES.filenameTooLong);

export const fileTitle = z
  .string({ error: FILE_MESSAGES.documentTitleRequired })
  .trim()
  .max(FILE_TITLE_MAX_LENGTH, FILE_MESSAGES.titleTooLong);

export const clusterId = z
  .string({ error: FILE_MESSAGES.clusterId })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, FILE_MESSAGES.clusterId);

const fileTypeField = z.enum(UPLOAD_FILE_TYPES, { error: FILE_MESSAGES.fileType });

/** A legal_doc needs a title; an attachment needs its issue. */
function checkTypeNeeds(
  v: { file_type: FileType; title?: string | undefined; issue_number?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.file_type === "legal_doc" && !v.title) {
    ctx.addIssue({ code: "custom", message: FILE_MESSAGES.documentTitleRequired, path: ["title"] });
  }
  if (v.file_type === "attachment" && v.issue_number === undefined) {
    ctx.addIssue({ code: "custom", message: FILE_MESSAGES.issueRequired, path: ["issue_number"] });
  }
}

/** What a file is, as every upload call gives it (text: form fields and tus metadata). */
const fileDescription = z.object({
  file_type: fileTypeField,
  title: optionalText(fileTitle),
  issue_number: optionalText(zIdText("issue_number")),
  cluster_id: optionalText(clusterId),
});

/** Fields of the multipart POST /api/accounts/{id}/files and POST /api/objects (besides `file`). */
export const ZFileFormFields = fileDescription.superRefine(checkTypeNeeds);
export type TFileFormFields = z.input<typeof ZFileFormFields>;

/**
 * Upload-Metadata of a tus creation POST (every value arrives as text). `filetype` is the
 * browser's guess, informational only: the server sniffs the real type from the bytes.
 */
export const ZUploadMetadata = fileDescription
  .extend({
    filename: fileName,
    filetype: optionalText(z.string().max(255)),
    account_id: zIdText("account_id"),
  })
  .superRefine(checkTypeNeeds);
export type TUploadMetadata = z.input<typeof ZUploadMetadata>;

/** `/api/accounts/:id/files/:uuid` and `/api/accounts/:id/attachments/:uuid/pin`. */
export const ZFileParams = z.object({ id: zIdText(), uuid: z.uuid({ error: "Not a file id" }) });
export const ZAccountFilesParams = z.object({ id: zIdText() });

/** GET /api/accounts/{id}/files */
export const ZFileListQuery = z.object({
  type: optionalText(z.enum(UPLOAD_FILE_TYPES, { error: FILE_MESSAGES.fileType })),
  page: optionalText(zIntText("page", 1, MAX_ID)).default(1),
  page_size: optionalText(zIntText("page_size", 1, FILES_PAGE_SIZE_MAX)).default(FILES_PAGE_SIZE_DEFAULT),
});
export type TFileListQuery = z.input<typeof ZFileListQuery>;

/** PUT /api/accounts/{id}/files/{uuid}: rename, change type, set the title. */
export const ZFileUpdate = z
  .object({
    filename: fileName.optional(),
    file_type: fileTypeField.optional(),
    title: fileTitle.nullish(),
  })
  .refine(
    (b) => b.filename !== undefined || b.file_type !== undefined || b.title !== undefined,
    FILE_MESSAGES.editNothing,
  );
export type TFileUpdate = z.input<typeof ZFileUpdate>;

const isView = optionalText(z.enum(["true", "false"]).transform((v) => v === "true")).default(false);

/** GET /api/accounts/{id}/files/{uuid}/url */
export const ZFileUrlQuery = z.object({ is_view: isView });

/** GET /api/chat/attachment/{uuid} (spec §7.3 "attachment URL with aid and is_view"). */
export const ZAttachmentUrlQuery = z.object({ aid: optionalText(zIdText("aid")), is_view: isView });

/** GET /api/accounts/{id}/attachments */
export const ZAttachmentListQuery = z.object({
  pinned: optionalText(z.enum(["true", "false"]).transform((v) => v === "true")),
});

/* ---------------------------------------------------------------- answers */

export const ZFileUploader = z.object({
  /** null once the uploader's user is deleted. */
  user_id: z.number().nullable(),
  name: z.string(),
});

/** A file (spec §3 File). */
export const ZFile = z.object({
  uuid: z.string(),
  file_type: z.enum(UPLOAD_FILE_TYPES),
  title: z.string().nullable(),
  /** The original name, for display only (the stored name is sanitised). */
  filename: z.string(),
  /** Bytes (the announced length while uploading). */
  size: z.number(),
  /** Sniffed from the bytes once the upload is complete; application/octet-stream when unknown. */
  mime: z.string(),
  cluster_id: z.string().nullable(),
  cluster_name: z.string().nullable(),
  issue_number: z.number().nullable(),
  message_index: z.number().nullable(),
  uploaded_by: ZFileUploader,
  /** null while the upload is not finished. */
  scan_status: z.enum(SCAN_STATUSES).nullable(),
  scanned_at: z.string().nullable(),
  /** The signature found (FOUND only). */
  threat: z.string().nullable(),
  complete: z.boolean(),
  /** Bytes received so far. */
  offset: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFile = z.infer<typeof ZFile>;

export const ZFileListResponse = z.object({
  items: z.array(ZFile),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  /** Bytes the account holds (finished and unfinished uploads). */
  used_bytes: z.number(),
  quota_bytes: z.number(),
});
export type TFileListResponse = z.infer<typeof ZFileListResponse>;

export const ZFileItems = z.object({ items: z.array(ZFile) });
export type TFileItems = z.infer<typeof ZFileItems>;

/** An attachment of a message: a file with its issue and message index, and whether it is pinned. */
export const ZAttachment = ZFile.extend({ pinned: z.boolean() });
export type TAttachment = z.infer<typeof ZAttachment>;
export const ZAttachmentListResponse = z.object({ items: z.array(ZAttachment) });
export type TAttachmentListResponse = z.infer<typeof ZAttachmentListResponse>;

/** A short-lived signed download URL (works without the bearer header: `<img src>`, links). */
export const ZSignedUrl = z.object({ url: z.string(), expires_at: z.string() });
export type TSignedUrl = z.infer<typeof ZSignedUrl>;
