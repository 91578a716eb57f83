/**
 * Upload failures of spec §8: "Error while uploading file : <reason>" with code 1005 (quota),
 * 1007 (size or length), 1009 (type or metadata refused) or 3001 (anything else).
 */
import { ALERTS, type Alert, alertMessage } from "@portico/shared/errors";
import { HttpError } from "../../platform/errors";

export const uploadError = (status: number, alert: Alert, reason: string) =>
  new HttpError(status, alertMessage(alert, reason), alert.code);

export const quotaError = (reason: string) => uploadError(413, ALERTS.UPLOAD_QUOTA, reason);
export const sizeError = (reason: string, status = 413) => uploadError(status, ALERTS.UPLOAD_SIZE, reason);
export const refusedError = (reason: string, status = 400) =>
  uploadError(status, ALERTS.UPLOAD_REFUSED, reason);
export const otherUploadError = (reason: string, status = 500) =>
  uploadError(status, ALERTS.UPLOAD_FILE, reason);

/** An HttpError of a check made while accepting an upload, in the upload wording (1009 unless it has a code). */
export function asUploadError(err: unknown): unknown {
  if (!(err instanceof HttpError) || err.code !== undefined) return err;
  return refusedError(err.message, err.status);
}
