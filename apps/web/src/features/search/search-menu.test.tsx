import type { TSearchHit, TSearchResponse } from "@portico/shared/schemas/search";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
} from "../../test/helpers";
import { SearchMenu } from "./search-menu";
import { SEARCH_DEBOUNCE_MS } from "./search-panel";

function hit(over: Partial<TSearchHit> = {}): TSearchHit {
  return {
    kind: "message",
    issue_number: 7,
    title: "Replication lag on east-1",
    account_id: 3,
    company: "Acme",
    msg_index: 3,
    snippet: { text: "since 09:00 the replication lag grew", highlights: [{ start: 16, end: 27 }] },
    author: { user_id: 2, name: "Ada Lovelace", type: "customer" },
    created_at: "2026-01-31T09:00:00Z",
    issue_status: "open",
    ...over,
  };
}

function answer(items: TSearchHit[], over: Partial<TSearchResponse> = {}): TSearchResponse {
  return { items, sort: "relevance", page: 1, page_size: 20, has_more: false, jump: null, ...over };
}

function renderMenu(search: Handler | object, isEngineer = false, more: Record<string, object> = {}) {
  const fetchMock = mockApi({ "POST /api/chat/search": search, ...more });
  const view = renderScreen(
    <header>
      <SearchMenu isEngineer={isEngineer} />
      <input aria-label="Somewhere else" />
    </header>,
    { routes: [{ path: "/issues/:n", element: <h1>Issue</h1> }] },
  );
  return { ...view, fetchMock };
}

async function openAndType(user: ReturnType<typeof renderMenu>["user"], text: string) {
  await user.click(screen.getByRole("button", { name: "Search" }));
  const input = await screen.findByRole("combobox", { name: "Search issues and messages" });
  await user.type(input, text);
  return input;
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("search menu", () => {
  it.each([
    ["Ctrl + /", { ctrlKey: true }],
    ["Cmd + /", { metaKey: true }],
  ])("%s opens it with the search box focused, even from another field", async (_name, modifiers) => {
    renderMenu(answer([]));
    const elsewhere = screen.getByRole("textbox", { name: "Somewhere else" });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: "/", code: "Slash", ...modifiers });
    const dialog = await screen.findByRole("dialog", { name: "Search" });
    const input = await within(dialog).findByRole("combobox", { name: "Search issues and messages" });
    await waitFor(() => expect(input).toHaveFocus());
  });

  it("a plain / types into fields and opens nothing", async () => {
    const { user } = renderMenu(answer([]));
    await user.type(screen.getByRole("textbox", { name: "Somewhere else" }), "a/b");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("searches once typing pauses, shows the snippet with its match marked, and opens the message", async () => {
    const { user, fetchMock, router } = renderMenu(answer([hit()]));
    await openAndType(user, "replication");
    const option = await screen.findByRole("option", { name: /Replication lag on east-1/ });
    // One request for the whole word, not one per key.
    expect(calls(fetchMock)).toEqual(["POST /api/chat/search"]);
    expect(bodyOf(fetchMock)).toEqual({
      type: "all",
      query: "replication",
      sort: "relevance",
      page: 1,
      page_size: 20,
    });
    const mark = option.querySelector("mark");
    expect(mark).toHaveTextContent(/^replication$/);
    expect(option).toHaveTextContent("#7");
    expect(option).toHaveTextContent("Acme");

    await user.keyboard("{Enter}");
    await waitFor(() => expect(currentUrl(router)).toBe("/issues/7?msgIndex=3"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows markup in a snippet as text", async () => {
    const { user } = renderMenu(
      answer([
        hit({ snippet: { text: "<img src=x onerror=alert(1)> lag", highlights: [{ start: 29, end: 32 }] } }),
      ]),
    );
    await openAndType(user, "lag");
    const option = await screen.findByRole("option", { name: /Replication lag/ });
    expect(option.querySelector("img")).toBeNull();
    expect(option).toHaveTextContent("<img src=x onerror=alert(1)> lag");
  });

  it("a title hit opens the issue itself, its title marked", async () => {
    const { user, router } = renderMenu(
      answer([
        hit({
          kind: "title",
          msg_index: null,
          author: null,
          snippet: { text: "Replication lag on east-1", highlights: [{ start: 0, end: 11 }] },
        }),
      ]),
    );
    await openAndType(user, "replication");
    // (jsdom's accessible names skip <mark>; browsers read it.)
    const option = await screen.findByRole("option", { name: /in the title/ });
    expect(option.querySelector("mark")).toHaveTextContent(/^Replication$/);
    await user.click(option);
    await waitFor(() => expect(currentUrl(router)).toBe("/issues/7"));
  });

  it('"#12" offers the issue first; Enter goes straight there', async () => {
    const { user, router } = renderMenu(answer([], { jump: { issue_number: 12 } }));
    await openAndType(user, "#12");
    expect(await screen.findByRole("option", { name: "Open issue #12" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await user.keyboard("{Enter}");
    await waitFor(() => expect(currentUrl(router)).toBe("/issues/12"));
  });

  it("loads more pages and moves the selection to the first new hit", async () => {
    const { user, fetchMock } = renderMenu((_url: URL, init: RequestInit) => {
      const { page } = JSON.parse(String(init.body)) as { page: number };
      return jsonResponse(
        page === 1
          ? answer([hit({ issue_number: 1, title: "First page" })], { has_more: true })
          : answer([hit({ issue_number: 2, title: "Second page" })], { page: 2 }),
      );
    });
    await openAndType(user, "lag");
    await user.click(await screen.findByRole("option", { name: "Load more results" }));
    const second = await screen.findByRole("option", { name: /Second page/ });
    expect(screen.getByRole("option", { name: /First page/ })).toBeInTheDocument();
    await waitFor(() => expect(second).toHaveAttribute("aria-selected", "true"));
    expect(screen.queryByRole("option", { name: "Load more results" })).not.toBeInTheDocument();
    expect(bodyOf(fetchMock, 1)).toMatchObject({ query: "lag", page: 2 });
  });

  it("says when nothing matches, and offers to drop the filters", async () => {
    const { user, fetchMock } = renderMenu(answer([]));
    await openAndType(user, "zebra");
    expect(await screen.findByText("No matches")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Search everything" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: "Search in" }));
    await user.click(await screen.findByRole("option", { name: "Titles" }));
    await waitFor(() => expect(bodyOf(fetchMock, 1)).toMatchObject({ type: "titles", query: "zebra" }));
    await user.click(await screen.findByRole("button", { name: "Search everything" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByRole("combobox", { name: "Search in" })).toHaveTextContent("Everything");
  });

  it("shows a failure with Retry, which searches again", async () => {
    let fail = true;
    const { user } = renderMenu(() =>
      fail
        ? jsonResponse({ error: "Search is unavailable", status: 500 }, 500)
        : jsonResponse(answer([hit()])),
    );
    await openAndType(user, "lag");
    expect(await screen.findByRole("alert")).toHaveTextContent("Search is unavailable");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("option", { name: /Replication lag/ })).toBeInTheDocument();
  });

  it("refuses a query over 500 characters without asking the server", async () => {
    const { user, fetchMock } = renderMenu(answer([]));
    await user.click(screen.getByRole("button", { name: "Search" }));
    const input = await screen.findByRole("combobox", { name: "Search issues and messages" });
    input.focus();
    await user.paste("x".repeat(501));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Search query cannot be longer than 500 characters",
    );
    // Past the pause that would have sent it.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 150));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("customers search the organization they act for; engineers name their scope", async () => {
    persistedStore.set("selectedAccountId", 3);
    const customer = renderMenu(answer([]));
    await openAndType(customer.user, "lag");
    await waitFor(() => expect(customer.fetchMock).toHaveBeenCalled());
    expect(String(customer.fetchMock.mock.calls[0]?.[0])).toContain("aid=3");
    customer.unmount();

    const engineer = renderMenu(answer([]), true);
    await openAndType(engineer.user, "lag");
    await waitFor(() => expect(engineer.fetchMock).toHaveBeenCalled());
    expect(String(engineer.fetchMock.mock.calls[0]?.[0])).not.toContain("aid=");
    expect(screen.getByRole("combobox", { name: "Organization filter" })).toHaveTextContent(
      "All organizations",
    );
  });

  it("engineers can limit the search to one organization", async () => {
    const organizations = { items: [{ account_id: 3, company: "Acme" }], total: 1 };
    const { user, fetchMock } = renderMenu(answer([]), true, {
      "GET /api/auth/organizations": organizations,
    });
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(await screen.findByRole("combobox", { name: "Organization filter" }));
    await user.click(await screen.findByRole("option", { name: "Acme" }));
    expect(screen.getByRole("combobox", { name: "Organization filter" })).toHaveTextContent("Acme");
    await user.type(screen.getByRole("combobox", { name: "Search issues and messages" }), "lag");
    await waitFor(() => expect(calls(fetchMock)).toContain("POST /api/chat/search"));
    const index = calls(fetchMock).indexOf("POST /api/chat/search");
    expect(bodyOf(fetchMock, index)).toMatchObject({ query: "lag", account_id: 3 });
  });
});
