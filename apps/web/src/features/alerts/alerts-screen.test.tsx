import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, calls, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import AlertsScreen from "./alerts-screen";
import { CATEGORIES, makeAlert, makeList, makeSummary } from "./test-data";

const mention = makeAlert();
const meeting = makeAlert({
  alert_id: 39,
  type: "MEETING",
  category: "planning",
  message: "Erin Engineer invited you to a meeting on #12",
  link: null,
  issue_number: 12,
  read_at: "2026-01-01T09:00:00Z",
});

type Mock = ReturnType<typeof mockApi>;

/** The query of the n-th GET of the alerts list. */
function listQuery(fetchMock: Mock, n = 0): Record<string, string> {
  const found = fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? "GET") === "GET" && new URL(String(input), "http://x").pathname === "/api/chat/alerts",
  );
  const url = new URL(String(found.at(n)?.[0]), "http://x");
  return Object.fromEntries(url.searchParams);
}

function renderAlerts(url = "/alerts", routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/alerts": makeList([mention, meeting]),
    "GET /api/chat/alerts/summary": makeSummary(1),
    "GET /api/alert-categories": CATEGORIES,
    "PUT /api/chat/alert/41": { ...mention, read_at: "2026-01-01T11:00:00Z" },
    "PUT /api/chat/alert/39": { ...meeting, read_at: null },
    "POST /api/chat/alerts/read-all": { unread: 0 },
    ...(routes as Record<string, object>),
  });
  const view = renderScreen(<AlertsScreen />, {
    path: "/alerts",
    url,
    routes: [
      { path: "/issues/:issueNumber", element: <p>Issue screen</p> },
      { path: "/profile", element: <p>Profile screen</p> },
    ],
  });
  return { ...view, fetchMock };
}

beforeEach(() => {
  Element.prototype.setPointerCapture ??= () => undefined;
});

describe("/alerts", () => {
  it("lists the viewer's alerts, newest first, with their kind and read state", async () => {
    const { fetchMock } = renderAlerts();
    expect(screen.getByRole("heading", { level: 1, name: "Alerts" })).toBeInTheDocument();
    expect(screen.getByText("Loading your alerts")).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Alerts" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Erin Engineer mentioned you in #12 Printer on fire");
    expect(rows[0]).toHaveTextContent("Unread");
    expect(rows[0]).toHaveTextContent("Mentions");
    expect(rows[1]).toHaveTextContent("Meetings you are invited to");
    expect(rows[1]).not.toHaveTextContent("Unread");
    expect(screen.getByText("2 alerts")).toBeInTheDocument();
    expect(listQuery(fetchMock)).toEqual({ page: "1", page_size: "25" });
  });

  it("opening an unread alert marks it read and goes to its link", async () => {
    const { user, router, fetchMock } = renderAlerts();
    await user.click(await screen.findByRole("link", { name: /mentioned you/ }));
    expect(currentUrl(router)).toBe("/issues/12?msgIndex=4");
    await waitFor(() => expect(calls(fetchMock)).toContain("PUT /api/chat/alert/41"));
  });

  it("marks one read, and one unread, with a confirmation", async () => {
    const { user, fetchMock } = renderAlerts();
    const list = await screen.findByRole("list", { name: "Alerts" });
    const [first, second] = within(list).getAllByRole("listitem");
    await user.click(within(first as HTMLElement).getByRole("button", { name: "Mark as read" }));
    expect(await screen.findByText("Marked as read.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/chat/alert/41"))).toEqual({ read: true });
    await user.click(within(second as HTMLElement).getByRole("button", { name: "Mark as unread" }));
    expect(await screen.findByText("Marked as unread.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/chat/alert/39"))).toEqual({ read: false });
    // The list is read again after each change.
    await waitFor(() =>
      expect(calls(fetchMock).filter((c) => c === "GET /api/chat/alerts").length).toBeGreaterThan(2),
    );
  });

  it("someone else's alert (404) says so in the §8 words", async () => {
    const { user } = renderAlerts("/alerts", {
      "PUT /api/chat/alert/41": () =>
        jsonResponse({ error: "Alert not found", status: 404, code: 99999 }, 404),
    });
    await user.click(await screen.findByRole("button", { name: "Mark as read" }));
    expect(await screen.findByText("An Error occurred : Alert not found")).toBeInTheDocument();
  });

  it("marks all as read", async () => {
    const { user, fetchMock } = renderAlerts();
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByText("All alerts are marked as read.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain("POST /api/chat/alerts/read-all");
  });

  it("Mark all as read is disabled with nothing unread", async () => {
    renderAlerts("/alerts", { "GET /api/chat/alerts/summary": makeSummary(0) });
    await screen.findByRole("list", { name: "Alerts" });
    await waitFor(() => expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled());
  });

  it("filters by category and unread, kept in the URL", async () => {
    const { user, router, fetchMock } = renderAlerts();
    await screen.findByRole("list", { name: "Alerts" });
    await user.click(screen.getByRole("combobox", { name: "Category" }));
    await user.click(await screen.findByRole("option", { name: "Planning" }));
    await waitFor(() => expect(currentUrl(router)).toBe("/alerts?category=planning"));
    await waitFor(() =>
      expect(listQuery(fetchMock, -1)).toEqual({ page: "1", page_size: "25", category: "planning" }),
    );
    await user.click(screen.getByRole("switch", { name: "Unread only" }));
    await waitFor(() => expect(currentUrl(router)).toBe("/alerts?category=planning&unread=true"));
    await waitFor(() =>
      expect(listQuery(fetchMock, -1)).toEqual({
        page: "1",
        page_size: "25",
        category: "planning",
        unread: "true",
      }),
    );
  });

  it("reads the filters and page from the URL, ignoring what it does not know", async () => {
    const { fetchMock } = renderAlerts("/alerts?category=nonsense&unread=true&page=2", {
      "GET /api/chat/alerts": makeList([mention], { total: 30, page: 2 }),
    });
    await screen.findByRole("list", { name: "Alerts" });
    expect(listQuery(fetchMock)).toEqual({ page: "2", page_size: "25", unread: "true" });
    expect(screen.getByRole("switch", { name: "Unread only" })).toBeChecked();
  });

  it("pages with Previous and Next", async () => {
    const { user, router, fetchMock } = renderAlerts("/alerts", {
      "GET /api/chat/alerts": makeList([mention], { total: 60 }),
    });
    const pages = await screen.findByRole("navigation", { name: "Pages" });
    expect(pages).toHaveTextContent("Page 1 of 3");
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(currentUrl(router)).toBe("/alerts?page=2");
    await waitFor(() => expect(listQuery(fetchMock, -1).page).toBe("2"));
    // A filter change starts again at page 1.
    await user.click(screen.getByRole("switch", { name: "Unread only" }));
    expect(currentUrl(router)).toBe("/alerts?unread=true");
  });

  it("past the last page (alerts read under the unread filter) goes back to the last one", async () => {
    const { router } = renderAlerts("/alerts?unread=true&page=3", {
      "GET /api/chat/alerts": (url: URL) =>
        jsonResponse(
          url.searchParams.get("page") === "3"
            ? makeList([], { total: 26, page: 3 })
            : makeList([mention], { total: 26, page: 2 }),
        ),
    });
    await waitFor(() => expect(currentUrl(router)).toBe("/alerts?unread=true&page=2"));
    expect(await screen.findByRole("link", { name: /mentioned you/ })).toBeInTheDocument();
  });

  it("no alerts at all: an empty state leading to the alert settings", async () => {
    const { user, router } = renderAlerts("/alerts", { "GET /api/chat/alerts": makeList([]) });
    expect(await screen.findByText("No alerts yet")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Choose your alerts" }));
    expect(currentUrl(router)).toBe("/profile");
  });

  it("no alerts under a filter: Show all alerts clears it", async () => {
    const { user, router } = renderAlerts("/alerts?category=account&unread=true", {
      "GET /api/chat/alerts": makeList([]),
    });
    expect(await screen.findByText("No alerts match this filter")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show all alerts" }));
    expect(currentUrl(router)).toBe("/alerts");
  });

  it("a failed list shows the §8 text and Retry loads it", async () => {
    let fail = true;
    const { user } = renderAlerts("/alerts", {
      "GET /api/chat/alerts": () =>
        fail
          ? jsonResponse({ error: "Database busy", status: 400, code: 99999 }, 400)
          : jsonResponse(makeList([mention])),
    });
    expect(await screen.findByText("An Error occurred : Database busy")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: /mentioned you/ })).toBeInTheDocument();
  });
});

describe("SLA breaches (issue 18)", () => {
  it("an SLA_BREACH alert reads like other issue alerts and opens its issue", async () => {
    const breach = makeAlert({
      alert_id: 77,
      type: "SLA_BREACH",
      message: 'Issue #123 "Replication lag" has waited past its 4-hour first response (Acme)',
      link: "/issues/123",
      issue_number: 123,
    });
    const { user, router } = renderAlerts("/alerts", {
      "GET /api/chat/alerts": makeList([breach]),
      "PUT /api/chat/alert/77": { ...breach, read_at: "2026-01-01T11:00:00Z" },
    });
    const list = await screen.findByRole("list", { name: "Alerts" });
    const row = within(list).getByRole("listitem");
    expect(row).toHaveTextContent("First responses overdue under the customer's SLA");
    await user.click(within(row).getByRole("link", { name: /has waited past its 4-hour first response/ }));
    expect(currentUrl(router)).toBe("/issues/123");
  });
});
