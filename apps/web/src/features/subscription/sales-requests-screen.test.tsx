/** /sales-requests: engineers page through the contact-sales forms; loading, empty and failure states. */
import type { TSalesRequestRow } from "@portico/shared/schemas/billing";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import {
  calls,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import SalesRequestsScreen from "./sales-requests-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", accountId: 1, isEngineer: true };

function row(id: number, over: Partial<TSalesRequestRow> = {}): TSalesRequestRow {
  return {
    id,
    account_id: 3,
    company: "Acme",
    service_type: "ENTERPRISE",
    capacity_tib: 500,
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+44 20 7946 0000",
    message: `Request ${id}: we need half a PiB.`,
    requested_by: "Ada Lovelace",
    created_at: "2026-11-02T09:30:00Z",
    forwarded_at: null,
    ...over,
  };
}

function setup(answer: Handler | object, user: object = engineer, url = "/sales-requests") {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/subscription/sales-requests": answer,
  });
  return { ...renderScreen(<SalesRequestsScreen />, { path: "/sales-requests", url }), fetchMock };
}

function pageOf(url: URL, total: number) {
  const page = Number(url.searchParams.get("page"));
  const first = (page - 1) * 25 + 1;
  const items = Array.from({ length: Math.min(25, total - first + 1) }, (_, i) => row(first + i));
  return jsonResponse({ items, total, page, page_size: 25 });
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

describe("/sales-requests", () => {
  it("lists each request: company, requester, plan, capacity, contact, message, forwarded or not", async () => {
    setup({
      items: [row(1), row(2, { forwarded_at: "2026-11-02T09:31:00Z", company: null, requested_by: null })],
      total: 2,
      page: 1,
      page_size: 25,
    });
    const first = await screen.findByRole("row", { name: /Request 1:/ });
    const table = screen.getByRole("table", { name: "Sales requests" });
    for (const text of [
      "Acme",
      "ENTERPRISE",
      "500 TiB",
      "ada@example.com",
      "+44 20 7946 0000",
      "Not forwarded",
    ])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(within(first).getAllByText("Ada Lovelace")).toHaveLength(2);
    const second = within(table).getByRole("row", { name: /Request 2:/ });
    expect(within(second).getByText("Forwarded")).toBeInTheDocument();
    expect(within(second).getByText("No organization")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages" })).toBeNull();
  });

  it("says so while loading", async () => {
    setup(() => new Promise<Response>(() => undefined));
    expect(await screen.findByText("Loading Sales requests")).toBeInTheDocument();
  });

  it("has an empty state", async () => {
    setup({ items: [], total: 0, page: 1, page_size: 25 });
    expect(await screen.findByText("No sales requests yet")).toBeInTheDocument();
  });

  it("a failure offers Retry", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail
        ? jsonResponse({ error: "Database busy", status: 500 }, 500)
        : jsonResponse({ items: [row(1)], total: 1, page: 1, page_size: 25 }),
    );
    expect(await screen.findByText("Database busy")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("row", { name: /Request 1:/ })).toBeInTheDocument();
  });

  it("pages through the server's pages, the page in the URL", async () => {
    const { user, router, fetchMock } = setup((url) => pageOf(url, 30));
    expect(await screen.findByRole("row", { name: /Request 1:/ })).toBeInTheDocument();
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("row", { name: /Request 26:/ })).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /Request 1:/ })).toBeNull();
    expect(currentUrl(router)).toBe("/sales-requests?page=2");
    const last = new URL(String(fetchMock.mock.calls.at(-1)?.[0]), "http://localhost");
    expect(last.searchParams.get("page")).toBe("2");
    expect(last.searchParams.get("page_size")).toBe("25");
    await user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("row", { name: /Request 1:/ })).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/sales-requests");
  });

  it("customers are told it is for engineers, and nothing is fetched", async () => {
    const { fetchMock } = setup({ items: [], total: 0, page: 1, page_size: 25 }, testCustomer);
    expect(await screen.findByText("This page is available to vendor engineers only.")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("GET /api/auth/subscription/sales-requests");
  });
});
