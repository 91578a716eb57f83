/** /feedback: the list with the average, each filter's query, the date checks, paging, empty, error and customers. */
import type { TFeedback } from "@portico/shared/schemas/feedback";
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
import FeedbackScreen from "./feedback-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };
const LIST = "GET /api/auth/feedback";

function entry(id: number, over: Partial<TFeedback> = {}): TFeedback {
  return {
    id,
    rating: 4,
    text: "Uploads are quick",
    page: "/files",
    user_id: 5,
    user_name: "Ada Lovelace",
    user_email: "ada@example.com",
    account_id: 2,
    company: "Acme",
    created_at: "2026-11-20T16:00:00Z",
    ...over,
  };
}

const page = (items: TFeedback[], over: object = {}) => ({
  items,
  total: items.length,
  average_rating: items.length ? items.reduce((s, i) => s + i.rating, 0) / items.length : null,
  page: 1,
  page_size: 25,
  ...over,
});

function setup(list: Handler | object, user: object = engineer) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/accountsinfo": (url: URL) =>
      jsonResponse({
        items: [
          { account_id: 2, company: "Acme" },
          { account_id: 7, company: "Globex" },
        ].filter((a) => a.company.toLowerCase().includes((url.searchParams.get("q") ?? "").toLowerCase())),
        total: 2,
        page: 1,
        page_size: 20,
      }),
    [LIST]: list,
  });
  return { ...renderScreen(<FeedbackScreen />, { path: "/feedback" }), fetchMock };
}

const lastQuery = (fetchMock: ReturnType<typeof mockApi>) => {
  const index = calls(fetchMock).lastIndexOf(LIST);
  return Object.fromEntries(
    new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
  );
};

async function typeDate(user: ReturnType<typeof setup>["user"], label: string, text: string) {
  const input = screen.getByRole("textbox", { name: label });
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/feedback", () => {
  it("lists feedback with its rating, words, sender, organization and page, and the average", async () => {
    setup(
      page(
        [entry(1), entry(2, { rating: 1, account_id: null, company: null, text: "Can't join", page: null })],
        {
          total: 12,
          average_rating: 3.25,
        },
      ),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Feedback" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Feedback" });
    const acme = await within(table).findByRole("row", { name: /Uploads are quick/ });
    expect(within(acme).getByText("4 · Good")).toBeInTheDocument();
    expect(within(acme).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(acme).getByRole("link", { name: "Acme" })).toHaveAttribute("href", "/customers/2");
    expect(within(acme).getByText("/files")).toBeInTheDocument();
    const loner = within(table).getByRole("row", { name: /Can't join/ });
    expect(within(loner).getByText("1 · Very poor")).toBeInTheDocument();
    expect(within(loner).getByText("No organization")).toBeInTheDocument();
    expect(screen.getByText("Average rating 3.25 of 5 from 12 entries.")).toBeInTheDocument();
  });

  it("asks the server with each filter and pages", async () => {
    const { user, fetchMock } = setup((url) =>
      jsonResponse(
        page([entry(Number(url.searchParams.get("page")))], {
          total: 60,
          page: Number(url.searchParams.get("page")),
        }),
      ),
    );
    await screen.findByRole("table", { name: "Feedback" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "slow");
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: "slow" }));
    await chooseOption(user, "Organization", "Globex", "glo");
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: "slow", account_id: "7" }));
    await user.click(screen.getByRole("combobox", { name: "Rating" }));
    await user.click(await screen.findByRole("option", { name: "2 · Poor" }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ rating: "2", account_id: "7" }));
    await typeDate(user, "From", "01-03-2025");
    await typeDate(user, "To", "31-03-2025");
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toMatchObject({ from: "2025-03-01", to: "2025-03-31", page: "1" }),
    );
    const pager = screen.getByRole("navigation", { name: "Pages" });
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await within(pager).findByText("Page 2 of 3")).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toMatchObject({ page: "2", rating: "2", q: "slow" });
  }, 20_000);

  it("says a reversed range or a start after today is wrong beside the field, without asking", async () => {
    const { user, fetchMock } = setup(page([entry(1)]));
    await screen.findByRole("table", { name: "Feedback" });
    const asked = calls(fetchMock).filter((call) => call === LIST).length;
    await typeDate(user, "From", "20-03-2025");
    await typeDate(user, "To", "10-03-2025");
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.endDateBeforeStart),
    );
    expect(screen.getByText("Correct the dates to see the feedback.")).toBeInTheDocument();
    await typeDate(user, "To", "20-03-2025");
    await typeDate(user, "From", "01-01-2999");
    expect(screen.getByRole("textbox", { name: "From" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.invalidStartDate),
    );
    const ranges = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), "http://localhost"))
      .filter((url) => url.pathname === "/api/auth/feedback")
      .map((url) => url.searchParams.get("from"));
    expect(ranges).not.toContain("2999-01-01");
    expect(calls(fetchMock).filter((call) => call === LIST).length).toBeGreaterThan(asked);
  });

  it("says no feedback came yet", async () => {
    setup(page([]));
    expect(await screen.findByText("No feedback yet")).toBeInTheDocument();
    expect(screen.getByText("No ratings to average.")).toBeInTheDocument();
  });

  it("says nothing matches the filters and clears them", async () => {
    const { user, fetchMock } = setup((url) =>
      jsonResponse(url.searchParams.get("q") ? page([]) : page([entry(1)])),
    );
    await screen.findByRole("table", { name: "Feedback" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "zzz");
    expect(await screen.findByText("No feedback matches these filters")).toBeInTheDocument();
    await user.click(screen.getAllByRole("button", { name: "Clear filters" })[0] as HTMLElement);
    expect(await screen.findByRole("row", { name: /Uploads are quick/ })).toBeInTheDocument();
    expect(lastQuery(fetchMock).q).toBeUndefined();
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? jsonResponse({ error: "Database down", status: 500 }, 500) : jsonResponse(page([entry(1)])),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Database down");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("row", { name: /Uploads are quick/ })).toBeInTheDocument();
  });

  it("is for engineers only", async () => {
    const { fetchMock } = setup(page([entry(1)]), testCustomer);
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(LIST);
  });
});
