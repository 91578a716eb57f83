/**
 * Words the files screens show for the spec's values: file types (§9) and scan status (§4).
 * "Threat detected and deleted" is the spec's own text for a FOUND file.
 */
import type { FileType, ScanStatus } from "@portico/shared/schemas/files";
import { FILE_MESSAGES } from "@portico/shared/schemas/files";
import type { BadgeProps } from "../../components/ui/badge";

export const FILE_TYPE_LABELS: Record<FileType, string> = {
  legal_doc: "Legal document",
  health_report: "Health report",
  profile: "Profile",
  perf_result: "Performance result",
  inspect: "Inspect bundle",
  attachment: "Message attachment",
};

/** null: the upload has not finished, so nothing was scanned yet. */
export const SCAN_STATUS_LABELS: Record<ScanStatus | "none", string> = {
  OK: "No threat found",
  FOUND: FILE_MESSAGES.threatDeleted,
  SIZE_TOO_BIG: "Too big to scan",
  SCAN_STARTED: "Scanning…",
  SCAN_FAILED: "Scan failed, retrying",
  none: "Upload not finished",
};

export const SCAN_STATUS_VARIANTS: Record<ScanStatus | "none", NonNullable<BadgeProps["variant"]>> = {
  OK: "success",
  FOUND: "danger",
  SIZE_TOO_BIG: "warning",
  SCAN_STARTED: "info",
  SCAN_FAILED: "warning",
  none: "neutral",
};
