/** Answers of the activity routes, and the setup both activity screens' tests start from. */
import type {
  TActivityDay,
  TActivityEngineer,
  TActivityReport,
  TActivityTimeline,
  TSlaBreach,
} from "@portico/shared/schemas/reports";
import type { ReactElement } from "react";
import type { RouteObject } from "react-router";
import { vi } from "vitest";
import { calls, type Handler, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";

export const engineerViewer = {
  ...testCustomer,
  userId: 9,
  name: "Eve Engineer",
  isEngineer: true,
  accountId: 1,
};

export const ENGINEERS = [
  { user_id: 9, name: "Eve Engineer", is_available: true, is_contributor: false, is_on_call: false },
  { user_id: 11, name: "Grace Hopper", is_available: true, is_contributor: false, is_on_call: false },
];

export const EXPORT = "GET /api/chat/users/activity/export";

/**
 * `setup(answer)` renders `ui` (the screen at `path`, opened on `query` unless `url` says otherwise)
 * for an engineer, the engineers and `route` answering `answer`, next to the other view's route;
 * `setupFailing(answer)` also, after a failure; `lastQuery(fetchMock)` is the query of the last call to `route` (or to the route given).
 */
export function activityScreenTest({
  ui,
  path,
  query,
  route,
  otherView,
}: {
  ui: ReactElement;
  path: string;
  query: string;
  route: string;
  otherView: RouteObject;
}) {
  function setup(
    answer: Handler | object,
    {
      url = `${path}${query}`,
      viewer = engineerViewer,
      more = {},
    }: { url?: string; viewer?: typeof engineerViewer; more?: Record<string, Handler | object> } = {},
  ) {
    const fetchMock = mockApi({
      "GET /api/chat/user": viewer,
      "GET /api/chat/engineers": ENGINEERS,
      [route]: answer,
      ...more,
    });
    return { ...renderScreen(ui, { path, url, routes: [otherView] }), fetchMock };
  }
  function lastQuery(fetchMock: ReturnType<typeof mockApi>, of = route): Record<string, string> {
    const index = calls(fetchMock).lastIndexOf(of);
    return Object.fromEntries(
      new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
    );
  }
  /** `setup`, but `route` fails with "Database down" until `recover()`. */
  function setupFailing(answer: object) {
    let down = true;
    const rendered = setup(() =>
      down ? jsonResponse({ error: "Database down", status: 500 }, 500) : jsonResponse(answer),
    );
    return { ...rendered, recover: () => (down = false) };
  }
  return { setup, setupFailing, lastQuery };
}

/** Lets the browser "save" a file, and answers the CSV export with `content` in a file named `name`. */
export function csvExport(name: string, content: string): Record<string, Handler> {
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:activity"), revokeObjectURL: vi.fn() });
  return {
    [EXPORT]: () =>
      new Response(content, {
        headers: { "Content-Type": "text/csv", "Content-Disposition": `attachment; filename="${name}"` },
      }),
  };
}

export const RANGE = { from: "2026-10-01", to: "2026-10-31", bucket: "day" as const };

/** An engineer's row with nothing done. */
const zeros: Omit<TActivityEngineer, "user_id" | "name"> = {
  messages_sent: 0,
  issues_answered: 0,
  first_responses: 0,
  first_response_median_minutes: null,
  first_response_avg_minutes: null,
  resolution_median_minutes: null,
  within_sla: 0,
  late_responses: 0,
  overdue_assigned: 0,
  minutes_logged: 0,
  weekend_messages: 0,
  weekend_first_responses: 0,
};

export function engineerRow(over: Partial<TActivityEngineer> = {}): TActivityEngineer {
  return {
    user_id: 9,
    name: "Eve Engineer",
    messages_sent: 42,
    issues_answered: 7,
    first_responses: 5,
    first_response_median_minutes: 65,
    first_response_avg_minutes: 80,
    resolution_median_minutes: 1500,
    within_sla: 4,
    late_responses: 1,
    overdue_assigned: 1,
    minutes_logged: 605,
    weekend_messages: 3,
    weekend_first_responses: 1,
    ...over,
  };
}

export function breach(over: Partial<TSlaBreach> = {}): TSlaBreach {
  return {
    issue_number: 42,
    title: "Cluster down in Frankfurt",
    account_id: 5,
    company: "Globex",
    sla_hours: 4,
    sla_coverage: "24x7",
    opened_at: "2026-10-20T08:00:00Z",
    due_at: "2026-10-20T12:00:00Z",
    first_response_at: "2026-10-20T13:35:00Z",
    responder: { user_id: 9, name: "Eve Engineer" },
    late_minutes: 95,
    assignees: [
      { user_id: 9, name: "Eve Engineer" },
      { user_id: 11, name: "Grace Hopper" },
    ],
    ...over,
  };
}

export function report(over: Partial<TActivityReport> = {}): TActivityReport {
  const engineers = over.engineers ?? [
    engineerRow(),
    engineerRow({ ...zeros, user_id: 11, name: "Grace Hopper" }),
  ];
  const breaches = over.breaches ?? [
    breach(),
    breach({
      issue_number: 57,
      title: "Licence will not apply",
      account_id: 6,
      company: "Initech",
      sla_hours: 24,
      sla_coverage: "business-hours",
      due_at: "2026-10-18T09:00:00Z",
      first_response_at: null,
      responder: null,
      late_minutes: 130,
      assignees: [],
    }),
  ];
  return {
    range: RANGE,
    engineers,
    totals: {
      messages_sent: 42,
      issues_answered: 7,
      first_responses: 5,
      within_sla: 4,
      late_responses: 1,
      breaches: 2,
      minutes_logged: 605,
      first_response_median_minutes: 65,
      resolution_median_minutes: 1500,
      weekend_issues: 4,
      weekend_issues_responded: 3,
      weekend_messages: 3,
    },
    breaches,
    breaches_total: breaches.length,
    ...over,
  };
}

export function emptyReport(): TActivityReport {
  return report({
    engineers: [engineerRow(zeros)],
    totals: {
      messages_sent: 0,
      issues_answered: 0,
      first_responses: 0,
      within_sla: 0,
      late_responses: 0,
      breaches: 0,
      minutes_logged: 0,
      first_response_median_minutes: null,
      resolution_median_minutes: null,
      weekend_issues: 0,
      weekend_issues_responded: 0,
      weekend_messages: 0,
    },
    breaches: [],
    breaches_total: 0,
  });
}

export function day(date: string, over: Partial<TActivityDay> = {}): TActivityDay {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return {
    date,
    weekend: weekday === 0 || weekday === 6,
    messages_sent: 0,
    first_responses: 0,
    issues_answered: 0,
    breaches: 0,
    minutes_logged: 0,
    engineers: [],
    ...over,
  };
}

/** 2026-10-01 (a Thursday) to 2026-10-04 (a Sunday): work on Thursday and Saturday. */
export function timeline(over: Partial<TActivityTimeline> = {}): TActivityTimeline {
  return {
    range: { from: "2026-10-01", to: "2026-10-04", bucket: "day" },
    engineers: [
      { user_id: 9, name: "Eve Engineer" },
      { user_id: 11, name: "Grace Hopper" },
    ],
    days: [
      day("2026-10-01", {
        messages_sent: 12,
        first_responses: 3,
        issues_answered: 2,
        breaches: 1,
        minutes_logged: 65,
        engineers: [
          {
            user_id: 9,
            messages_sent: 10,
            first_responses: 3,
            issues_answered: 2,
            breaches: 1,
            minutes_logged: 65,
          },
          {
            user_id: 11,
            messages_sent: 2,
            first_responses: 0,
            issues_answered: 0,
            breaches: 0,
            minutes_logged: 0,
          },
        ],
      }),
      day("2026-10-02"),
      day("2026-10-03", {
        messages_sent: 1,
        first_responses: 1,
        engineers: [
          {
            user_id: 11,
            messages_sent: 1,
            first_responses: 1,
            issues_answered: 0,
            breaches: 0,
            minutes_logged: 0,
          },
        ],
      }),
      day("2026-10-04"),
    ],
    ...over,
  };
}
