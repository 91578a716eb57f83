/** /time-log: one engineer's time across organizations, the range's checks, paging, empty, error and customers. */
import type { TTimeLog } from "@portico/shared/schemas/customers";
import { MESSAGES } from "@portico/shared/validation";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import {
  calls,
  chooseOption,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import { currentMonth } from "./time-log-api";
import TimeLogScreen from "./time-log-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };
const LIST = "GET /api/auth/time-logs";

function log(id: number, over: Partial<TTimeLog> = {}): TTimeLog {
  return {
    id,
    account_id: 2,
    company: "Acme",
    user_id: 9,
    user_name: "Eve Engineer",
    work_date: "2026-11-20",
    minutes: 95,
    note: "Upgrade call",
    issue_number: 42,
    created_at: "2026-11-20T16:00:00Z",
    ...over,
  };
}

const list = (items: TTimeLog[], over: object = {}) => ({
  items,
  total: items.length,
  total_minutes: items.reduce((sum, item) => sum + item.minutes, 0),
  page: 1,
  page_size: 50,
  ...over,
});

function setup(logs: Handler | object, user: object = engineer) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/chat/engineers": [
      { user_id: 9, name: "Eve Engineer", is_available: true, is_contributor: false, is_on_call: false },
      { user_id: 11, name: "Grace Hopper", is_available: true, is_contributor: false, is_on_call: false },
    ],
    [LIST]: logs,
  });
  return { ...renderScreen(<TimeLogScreen />, { path: "/time-log" }), fetchMock };
}

/** The query of the last list request. */
function lastQuery(fetchMock: ReturnType<typeof mockApi>): Record<string, string> {
  const index = calls(fetchMock).lastIndexOf(LIST);
  return Object.fromEntries(
    new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
  );
}

/** Replaces a date field's text as typed, then leaves the field (the picker reads it then). */
async function typeDate(user: ReturnType<typeof setup>["user"], label: string, text: string) {
  const input = screen.getByRole("textbox", { name: label });
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/time-log", () => {
  it("lists the viewer's entries of this month across organizations, with links and the total", async () => {
    const { fetchMock } = setup(
      list([log(1), log(2, { account_id: 5, company: "Globex", minutes: 30, issue_number: null, note: "" })]),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Time log" })).toBeInTheDocument();
    const table = await screen.findByRole("region", { name: "Entries table" });
    const acme = within(table).getByRole("row", { name: /Acme/ });
    expect(within(acme).getByRole("link", { name: "Acme" })).toHaveAttribute(
      "href",
      "/customers/2?tab=time-log",
    );
    expect(within(acme).getByRole("link", { name: "#42" })).toHaveAttribute("href", "/issues/42");
    expect(within(acme).getByText("1 h 35 min")).toBeInTheDocument();
    expect(within(acme).getByText("Upgrade call")).toBeInTheDocument();
    expect(within(table).getByRole("link", { name: "Globex" })).toHaveAttribute(
      "href",
      "/customers/5?tab=time-log",
    );
    expect(within(table).queryByRole("columnheader", { name: "Engineer" })).not.toBeInTheDocument();
    expect(screen.getByText(/Total:/)).toHaveTextContent("Total: 2 h 5 min in 2 entries");
    expect(screen.queryByRole("navigation", { name: "Pages" })).not.toBeInTheDocument();

    const { from, to } = currentMonth();
    expect(lastQuery(fetchMock)).toMatchObject({ user_id: "9", from, to, page: "1" });
    expect(screen.getByRole("combobox", { name: "Engineer" })).toHaveTextContent("Me");
  });

  it("asks for the picked engineer and range, and pages through a long list", async () => {
    const { user, fetchMock } = setup((url) =>
      jsonResponse(
        list([log(Number(url.searchParams.get("page")))], {
          total: 120,
          total_minutes: 6000,
          page: Number(url.searchParams.get("page")),
        }),
      ),
    );
    await screen.findByRole("region", { name: "Entries table" });
    await chooseOption(user, "Engineer", "Grace Hopper");
    await typeDate(user, "From", "01-03-2025");
    await typeDate(user, "To", "31-03-2025");
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ user_id: "11", from: "2025-03-01", to: "2025-03-31" }),
    );
    expect(await screen.findByText(/Total:/)).toHaveTextContent("Total: 100 h in 120 entries");

    const pager = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pager).getByText("Page 1 of 3")).toBeInTheDocument();
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await within(pager).findByText("Page 2 of 3")).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toMatchObject({ user_id: "11", from: "2025-03-01", page: "2" });
  });

  it("says a reversed range is wrong beside the end date without asking the server", async () => {
    const { user, fetchMock } = setup(list([log(1)]));
    await screen.findByRole("region", { name: "Entries table" });
    const asked = calls(fetchMock).filter((call) => call === LIST).length;
    await typeDate(user, "To", "10-03-2025");
    await typeDate(user, "From", "20-03-2025");
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.endDateBeforeStart),
    );
    expect(screen.getByText("Correct the dates to see the time logged.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Entries table" })).not.toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === LIST)).toHaveLength(asked);

    // One day (from = to) is a range; a start after today is not.
    await typeDate(user, "To", "20-03-2025");
    await screen.findByRole("region", { name: "Entries table" });
    expect(lastQuery(fetchMock)).toMatchObject({ from: "2025-03-20", to: "2025-03-20" });
    await typeDate(user, "From", "01-01-2999");
    expect(screen.getByRole("textbox", { name: "From" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.invalidStartDate),
    );
  });

  it("shows the server's refusal of a range beside the field it is about", async () => {
    setup(() => jsonResponse({ error: MESSAGES.invalidStartDate, status: 400 }, 400));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "From" })).toHaveAccessibleDescription(
        expect.stringContaining(MESSAGES.invalidStartDate),
      ),
    );
    expect(screen.getByText("Correct the dates to see the time logged.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Retry" })).not.toBeInTheDocument();
  });

  it("says when nothing was logged, with the way to log time", async () => {
    setup(list([]));
    expect(await screen.findByText("No time logged in these dates")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Customers" })).toHaveAttribute("href", "/customers");
    expect(screen.queryByText(/Total:/)).not.toBeInTheDocument();
  });

  it("shows a failed load with Retry, which loads it again", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? jsonResponse({ error: "Database unavailable", status: 500 }, 500) : jsonResponse(list([log(1)])),
    );
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Entries table" })).toBeInTheDocument();
  });

  it("shows customers the engineers-only page and never asks for time logs", async () => {
    const { fetchMock } = setup(list([log(1)]), testCustomer);
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Time log" })).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(LIST);
  });
});
