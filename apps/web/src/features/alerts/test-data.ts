/** Alerts for the tests of this feature (and the profile's alert settings). */
import type { TAlert } from "@portico/shared/schemas/alerts";
import type { TAlertList, TAlertSummary } from "./api";

export function makeAlert(overrides: Partial<TAlert> = {}): TAlert {
  return {
    alert_id: 41,
    type: "MENTION",
    category: "issues",
    message: "Erin Engineer mentioned you in #12 Printer on fire",
    detail: null,
    link: "/issues/12?msgIndex=4",
    issue_number: 12,
    created_at: "2026-01-01T10:00:00Z",
    read_at: null,
    ...overrides,
  };
}

export const tncAlert = makeAlert({
  alert_id: 90,
  type: "TNC_UPDATE",
  category: "account",
  message: "Please review the revised Terms and Conditions.",
  link: "/terms-and-conditions/standard/2026-12-01",
  issue_number: null,
});

export function makeSummary(unread: number, tnc: TAlert | null = null): TAlertSummary {
  return { unread, by_category: { issues: unread, planning: 0, clusters: 0, account: 0 }, tnc };
}

export function makeList(items: TAlert[], overrides: Partial<TAlertList> = {}): TAlertList {
  return {
    items,
    total: items.length,
    page: 1,
    page_size: 25,
    unread: items.filter((a) => a.read_at === null).length,
    ...overrides,
  };
}

export const CATEGORIES = [
  { category: "issues", name: "Issues" },
  { category: "planning", name: "Planning" },
  { category: "account", name: "Account" },
];
