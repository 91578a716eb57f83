/**
 * One error model end to end (spec §8): the server answers `{ error, status, code? }`, the web
 * client turns every failure into `{ error, offline, status }`.
 */

/** Body of every non-2xx API answer. */
export interface ApiErrorBody {
  error: string;
  status: number;
  /** Alert code of spec §8 when the failure belongs to one. */
  code?: number;
}

/** What the web client hands to screens for any failed call. */
export interface ClientError {
  error: string;
  offline: boolean;
  status?: number;
  code?: number;
}

export const OFFLINE_MESSAGE = "Server is unreachable, please check your internet connection";
export const NO_INTERNET_MESSAGE = "No internet connection";
export const FAILED_PAYMENT_MESSAGE =
  "A recent charge failed to go through. Please update your payment method.";
export const REQUEST_RECEIVED_MESSAGE = "We have received your request. We will be in touch with you soon!";
export const TERMS_BANNER_MESSAGE = "Please review the revised Terms and Conditions.";

/** Alert codes of spec §8 and the prefix each shows before the server's reason. */
export const ALERT_CODES = {
  CREATE_ISSUE: 1002,
  FETCH_ISSUE: 1003,
  UPDATE_TITLE: 1004,
  UPLOAD_ATTACHMENT: 1005,
  UPLOAD_ATTACHMENT_URL: 1007,
  UPLOAD_ATTACHMENT_SCAN: 1009,
  FETCH_ISSUES: 1010,
  ISSUE_1011: 1011,
  ISSUE_1012: 1012,
  ISSUE_1013: 1013,
  ISSUE_1014: 1014,
  FETCH_USERS: 2001,
  USER_2002: 2002,
  USER_2003: 2003,
  USER_2004: 2004,
  USER_2005: 2005,
  USER_2006: 2006,
  USER_2007: 2007,
  FETCH_USER_INFO: 2008,
  UPLOAD_FILE: 3001,
  NOTICES: 4001,
  NOTICES_4002: 4002,
  ACCOUNT_5001: 5001,
  SUBSCRIPTION_6001: 6001,
  CLUSTER_7001: 7001,
  GENERIC: 99999,
} as const;

export type AlertCode = (typeof ALERT_CODES)[keyof typeof ALERT_CODES];

const PREFIXES: Partial<Record<AlertCode, string>> = {
  1002: "Error while creating issue",
  1003: "Error while fetching issue",
  1004: "Error while updating issue title",
  1005: "Error while uploading file",
  1007: "Error while uploading file",
  1009: "Error while uploading file",
  1010: "Error while fetching the issues",
  2001: "Error while fetching users",
  2008: "Error while fetching user information",
  3001: "Error while uploading file",
  4001: "Error while listing notices",
};

/** "Error while creating issue : reason"; codes without a prefix use the generic form. */
export function alertMessage(code: AlertCode, reason: string): string {
  const prefix = PREFIXES[code] ?? "An Error occurred";
  return `${prefix} : ${reason}`;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).error === "string" &&
    typeof (value as ApiErrorBody).status === "number"
  );
}
