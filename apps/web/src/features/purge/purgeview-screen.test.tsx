/** /purgeview: the purges with status and what went, search, paging, details, refresh while running, empty, error, customers. */
import type { TPurgeRecord } from "@portico/shared/schemas/purge";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { calls, type Handler, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import { PURGE_REFRESH_MS, purgeDetailQuery, purgeListQuery } from "./purge-api";
import PurgeviewScreen from "./purgeview-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };
const LIST = "GET /api/auth/purge";

function purge(id: number, over: Partial<TPurgeRecord> = {}): TPurgeRecord {
  return {
    id,
    account_id: 40 + id,
    company: "Acme",
    reason: "Contract ended",
    requested_by: { user_id: 9, name: "Eve Engineer" },
    requested_at: "2026-11-20T10:00:00Z",
    status: "done",
    stage: "done",
    counts: { users: 3, issues: 12, files: 7, file_bytes: 2048, memberships: 4 },
    last_error: null,
    finished_at: "2026-11-20T10:05:00Z",
    ...over,
  };
}

const page = (items: TPurgeRecord[], over: object = {}) => ({
  items,
  total: items.length,
  page: 1,
  page_size: 25,
  ...over,
});

function setup(
  list: Handler | object,
  extra: Record<string, Handler | object> = {},
  user: object = engineer,
) {
  const fetchMock = mockApi({ "GET /api/chat/user": user, [LIST]: list, ...extra });
  return { ...renderScreen(<PurgeviewScreen />, { path: "/purgeview" }), fetchMock };
}

const lastQuery = (fetchMock: ReturnType<typeof mockApi>) => {
  const index = calls(fetchMock).lastIndexOf(LIST);
  return Object.fromEntries(
    new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost").searchParams,
  );
};

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/purgeview", () => {
  it("lists each purge with who asked, its status and stage, and what was removed", async () => {
    setup(
      page([
        purge(2, {
          company: "Globex",
          status: "running",
          stage: "issues",
          counts: { files: 1 },
          finished_at: null,
        }),
        purge(1),
        purge(3, { company: "Initech", status: "failed", stage: "billing", last_error: "S3 unreachable" }),
      ]),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Purged accounts" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Purged accounts" });
    const globex = await within(table).findByRole("row", { name: /Globex/ });
    expect(within(globex).getByText("Running · Issues")).toBeInTheDocument();
    expect(within(globex).getByText("1 file")).toBeInTheDocument();
    const acme = within(table).getByRole("row", { name: /Acme/ });
    expect(within(acme).getByText("Done")).toBeInTheDocument();
    expect(within(acme).getByText("Eve Engineer")).toBeInTheDocument();
    expect(within(acme).getByText("3 users, 12 issues, 7 files")).toBeInTheDocument();
    expect(
      within(within(table).getByRole("row", { name: /Initech/ })).getByText("Failed"),
    ).toBeInTheDocument();
  });

  it("searches by organization and pages", async () => {
    const { user, fetchMock } = setup((url) =>
      jsonResponse(
        page(
          [purge(Number(url.searchParams.get("page")), { company: `Org ${url.searchParams.get("page")}` })],
          {
            total: 60,
            page: Number(url.searchParams.get("page")),
          },
        ),
      ),
    );
    await screen.findByRole("table", { name: "Purged accounts" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "glob");
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: "glob", page: "1" }));
    const pager = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pager).getByText("Page 1 of 3")).toBeInTheDocument();
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await within(pager).findByText("Page 2 of 3")).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toMatchObject({ q: "glob", page: "2" });
  });

  it("shows every count and the reason in the details", async () => {
    const { user } = setup(page([purge(1)]), { "GET /api/auth/purge/1": purge(1) });
    const table = await screen.findByRole("table", { name: "Purged accounts" });
    await user.click(await within(table).findByRole("button", { name: "Details of Acme" }));
    const dialog = await screen.findByRole("dialog", { name: "Purge of Acme" });
    expect(await within(dialog).findByText("Contract ended")).toBeInTheDocument();
    const removed = within(dialog).getByRole("region", { name: "Removed" });
    expect(
      within(removed).getByText("Users (members of no other organization)").nextSibling,
    ).toHaveTextContent("3");
    expect(within(removed).getByText("Memberships").nextSibling).toHaveTextContent("4");
    expect(within(removed).getByText("Bytes of files").nextSibling).toHaveTextContent("2 KiB");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(within(table).getByRole("button", { name: "Details of Acme" })).toHaveFocus();
  });

  it("offers a failed purge again: the purge dialog of that organization, from its details", async () => {
    const failed = purge(3, {
      company: "Initech",
      status: "failed",
      stage: "billing",
      last_error: "S3 unreachable",
    });
    const { user, fetchMock } = setup(page([failed]), {
      "GET /api/auth/purge/3": failed,
      "GET /api/auth/accounts/43/purge-info": {
        account_id: 43,
        company: "Initech",
        allowed: true,
        reason: null,
        contents: { files: 2 },
      },
    });
    const table = await screen.findByRole("table", { name: "Purged accounts" });
    await user.click(await within(table).findByRole("button", { name: "Details of Initech" }));
    const details = await screen.findByRole("dialog", { name: "Purge of Initech" });
    await user.click(within(details).getByRole("button", { name: "Purge again" }));
    const again = await screen.findByRole("dialog", { name: "Purge Initech?" });
    expect(await within(again).findByText("Files")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain("GET /api/auth/accounts/43/purge-info");
  });

  it("offers nothing of the kind for a purge that is done", async () => {
    const { user } = setup(page([purge(1)]), { "GET /api/auth/purge/1": purge(1) });
    const table = await screen.findByRole("table", { name: "Purged accounts" });
    await user.click(await within(table).findByRole("button", { name: "Details of Acme" }));
    const details = await screen.findByRole("dialog", { name: "Purge of Acme" });
    expect(await within(details).findByText("Contract ended")).toBeInTheDocument();
    expect(within(details).queryByRole("button", { name: "Purge again" })).not.toBeInTheDocument();
  });

  it("reads the list and a purge's details again every 2 s while one runs, and stops once done", () => {
    const client = new QueryClient();
    const list = purgeListQuery("", 1);
    client.setQueryData(list.queryKey, page([purge(1, { status: "running", stage: "files" }), purge(2)]));
    const listQuery = client.getQueryCache().find({ queryKey: list.queryKey });
    const interval = list.refetchInterval as (query: unknown) => number | false;
    expect(interval(listQuery)).toBe(PURGE_REFRESH_MS);
    expect(PURGE_REFRESH_MS).toBe(2000);
    client.setQueryData(list.queryKey, page([purge(1), purge(2, { status: "failed" })]));
    expect(interval(listQuery)).toBe(false);

    const detail = purgeDetailQuery(1);
    client.setQueryData(detail.queryKey, purge(1, { status: "running" }));
    const detailQuery = client.getQueryCache().find({ queryKey: detail.queryKey });
    const detailInterval = detail.refetchInterval as (query: unknown) => number | false;
    expect(detailInterval(detailQuery)).toBe(PURGE_REFRESH_MS);
    client.setQueryData(detail.queryKey, purge(1));
    expect(detailInterval(detailQuery)).toBe(false);
  });

  it("says nothing was purged yet and leads to Customers", async () => {
    setup(page([]));
    expect(await screen.findByText("No organization has been purged")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Customers" })).toHaveAttribute("href", "/customers");
  });

  it("says when a search finds nothing, and clears it", async () => {
    const { user, fetchMock } = setup((url) =>
      jsonResponse(url.searchParams.get("q") ? page([]) : page([purge(1)])),
    );
    await screen.findByRole("table", { name: "Purged accounts" });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "zzz");
    expect(await screen.findByText("No purge matches this search")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByRole("row", { name: /Acme/ })).toBeInTheDocument();
    expect(lastQuery(fetchMock).q).toBeUndefined();
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup(() =>
      fail ? jsonResponse({ error: "Database down", status: 500 }, 500) : jsonResponse(page([purge(1)])),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Database down");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("row", { name: /Acme/ })).toBeInTheDocument();
  });

  it("is for engineers only", async () => {
    const { fetchMock } = setup(page([purge(1)]), {}, testCustomer);
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(LIST);
  });
});
