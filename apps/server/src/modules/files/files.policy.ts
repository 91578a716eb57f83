/**
 * Who may do what with files. Files belong to an account: its members and engineers see them
 * (anyone else: the account is not found); the uploader, an owner of the account or an engineer
 * may rename or delete one; an unfinished upload is continued or cancelled by its uploader (or an
 * engineer) only. Downloads need a complete file whose scan is OK.
 */
import { FILE_MESSAGES } from "@portico/shared/schemas/files";
import type { FileRow } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { conflict, forbidden, HttpError } from "../../platform/errors";
import { type AccountAccess, assertMaySeeAccount } from "../accounts/accounts.policy";

export const CHANGE_REFUSED =
  "Only the uploader, an owner of the organization or an engineer can change this file";
export const FILE_NOT_FOUND = "File not found";

export const assertMaySeeFiles = (exec: Executor, viewer: Viewer, accountId: number) =>
  assertMaySeeAccount(exec, viewer, accountId);

export function mayChangeFile(viewer: Viewer, access: AccountAccess, file: FileRow): boolean {
  return viewer.isEngineer || access.role === "owner" || file.uploadedBy === viewer.userId;
}

export function assertMayChangeFile(viewer: Viewer, access: AccountAccess, file: FileRow) {
  if (!mayChangeFile(viewer, access, file)) throw forbidden(CHANGE_REFUSED);
}

/** The uploader continues (or cancels) their own upload; engineers may cancel any. */
export function mayContinueUpload(viewer: Viewer, file: FileRow): boolean {
  return file.uploadedBy === viewer.userId || viewer.isEngineer;
}

/** 409 with the reason a file cannot be downloaded (§4: FOUND shows "Threat detected and deleted"). */
export function assertDownloadable(file: FileRow) {
  if (!file.complete) throw conflict(FILE_MESSAGES.uploadIncomplete);
  switch (file.scanStatus) {
    case "OK":
      return;
    case "FOUND":
      throw new HttpError(409, FILE_MESSAGES.threatDeleted);
    case "SIZE_TOO_BIG":
      throw conflict(FILE_MESSAGES.tooBigToScan);
    case "SCAN_FAILED":
      throw conflict(FILE_MESSAGES.scanFailed);
    default:
      throw conflict(FILE_MESSAGES.notReady);
  }
}
