/**
 * One error model end to end (spec §8): the server answers `{ error, status, code? }`, the web
 * client turns every failure into `{ error, offline, status }`.
 */

/**
 * A member of disabled organizations only (issue 16): every call answers 401 with this and sign-in
 * refuses them; the web client signs them out saying it, instead of "session expired".
 */
export const ORGANIZATION_DISABLED = "This organization is disabled";

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

/** One alert of spec §8: the code the server sends and the text the web app shows before the reason. */
export interface Alert {
  code: number;
  text: string;
}

const GENERIC_TEXT = "An Error occurred";

/**
 * Every alert of spec §8, named by what failed. A code can serve several uses with their own text
 * (2001 is both user info and users lists); the first entry of a code is its default text, used
 * when only the code is known. The comment on each line says what raises it.
 */
export const ALERTS = {
  /** POST /api/chat/issue (issues, not built yet). */
  CREATE_ISSUE: { code: 1002, text: "Error while creating issue" },
  /** GET /api/chat/issue/:id (issues, not built yet). */
  FETCH_ISSUE: { code: 1003, text: "Error while fetching issue" },
  /** PUT /api/chat/issue/:id with a title (issues, not built yet). */
  UPDATE_TITLE: { code: 1004, text: "Error while updating issue title" },
  /** An upload refused because the account's storage quota is full (tus creation, every upload call). */
  UPLOAD_QUOTA: { code: 1005, text: "Error while uploading file" },
  /** An upload too large, empty, or with a missing or lying Upload-Length / Content-Length. */
  UPLOAD_SIZE: { code: 1007, text: "Error while uploading file" },
  /** An upload whose type or metadata is refused (file_type, title, issue, name). */
  UPLOAD_REFUSED: { code: 1009, text: "Error while uploading file" },
  /** GET /api/chat/issue, the issues list (issues, not built yet). */
  FETCH_ISSUES: { code: 1010, text: "Error while fetching the issues" },
  /** Issue actions of spec §8 without a text of their own (issues, not built yet). */
  ISSUE_1011: { code: 1011, text: GENERIC_TEXT },
  ISSUE_1012: { code: 1012, text: GENERIC_TEXT },
  ISSUE_1013: { code: 1013, text: GENERIC_TEXT },
  ISSUE_1014: { code: 1014, text: GENERIC_TEXT },
  /** GET /api/auth/account-users, GET /api/auth/accounts/users-without-membership. */
  FETCH_USERS: { code: 2001, text: "Error while fetching users" },
  /** GET /api/chat/user, who the viewer is (the app shell). */
  FETCH_USER_INFO: { code: 2001, text: "Error while fetching user information" },
  /** User actions of spec §8 without a text of their own (not built yet). */
  USER_2002: { code: 2002, text: GENERIC_TEXT },
  USER_2003: { code: 2003, text: GENERIC_TEXT },
  USER_2004: { code: 2004, text: GENERIC_TEXT },
  USER_2005: { code: 2005, text: GENERIC_TEXT },
  USER_2006: { code: 2006, text: GENERIC_TEXT },
  USER_2007: { code: 2007, text: GENERIC_TEXT },
  USER_2008: { code: 2008, text: GENERIC_TEXT },
  /** Any other upload failure (storage, a broken stream, an upload that no longer exists). */
  UPLOAD_FILE: { code: 3001, text: "Error while uploading file" },
  /** GET /api/auth/notices and GET /api/auth/notices/:id. */
  LIST_NOTICES: { code: 4001, text: "Error while listing notices" },
  /** POST /api/auth/notices and notices/preview: sending a notification. */
  SEND_NOTICE: { code: 4002, text: GENERIC_TEXT },
  /** GET /api/auth/organizations and GET /api/auth/accountsinfo, the organizations list. */
  LIST_ORGANIZATIONS: { code: 4001, text: "Error while listing organizations" },
  /** Codes of spec §8 without a text of their own (not built yet). */
  ACCOUNT_5001: { code: 5001, text: GENERIC_TEXT },
  SUBSCRIPTION_6001: { code: 6001, text: GENERIC_TEXT },
  CLUSTER_7001: { code: 7001, text: GENERIC_TEXT },
  /** Any failure without a code of its own. */
  GENERIC: { code: 99999, text: GENERIC_TEXT },
  /** The alert routes (/api/chat/alerts…, /api/chat/alert/:id, alert types and subscriptions, TNC). */
  ALERT_ROUTES: { code: 99999, text: GENERIC_TEXT },
} as const satisfies Record<string, Alert>;

export type AlertName = keyof typeof ALERTS;

const DEFAULT_ALERT_BY_CODE = new Map<number, Alert>();
for (const alert of Object.values(ALERTS)) {
  if (!DEFAULT_ALERT_BY_CODE.has(alert.code)) DEFAULT_ALERT_BY_CODE.set(alert.code, alert);
}

/** The default alert of a code (the first of its uses above), if the code is one of spec §8. */
export function alertForCode(code: number): Alert | undefined {
  return DEFAULT_ALERT_BY_CODE.get(code);
}

/** "Error while creating issue : reason"; alerts without a text of their own use the generic form. */
export function alertMessage(alert: Alert, reason: string): string {
  return `${alert.text} : ${reason}`;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).error === "string" &&
    typeof (value as ApiErrorBody).status === "number"
  );
}
