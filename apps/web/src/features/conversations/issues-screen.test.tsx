import type {
  TConversationEventItem,
  TConversationListItem,
  TServerFrame,
} from "@portico/shared/schemas/conversations";
import type { TListItemWork } from "@portico/shared/schemas/issue-work";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import { RESTRICTED_MESSAGE } from "../subscription/restriction";
import IssuesScreen from "./issues-screen";

// The list channel, fed by the test instead of a WebSocket.
const channel = vi.hoisted(() => ({ handlers: new Map<string, (frame: TServerFrame) => void>() }));
vi.mock("./realtime/chat", () => ({
  useChannel: (name: string | null, handlers: { onFrame: (frame: TServerFrame) => void }) => {
    if (name) channel.handlers.set(name, handlers.onFrame);
  },
  useChannelState: () => "not loaded",
  useConnectionState: () => ({ state: "connected", hasConnected: true }),
}));

const engineer = {
  ...testCustomer,
  userId: 1,
  name: "Grace Hopper",
  email: "grace@portico.example",
  accountId: 1,
  companyName: "Portico",
  isEngineer: true,
};

const engineers = [
  {
    user_id: 1,
    name: "Grace Hopper",
    is_available: true,
    is_contributor: false,
    is_on_call: false,
    online: true,
  },
  {
    user_id: 7,
    name: "Alan Turing",
    is_available: true,
    is_contributor: false,
    is_on_call: false,
    online: false,
  },
];

const tags = [
  { id: 4, name: "replication", color: "#ef4444", issue_count: 2 },
  { id: 5, name: "billing", color: "#3b82f6", issue_count: 0 },
];

const WHEN = "2026-11-20T10:00:00.000Z";

function item(n: number, work?: TListItemWork): TConversationListItem {
  return {
    channelId: `c${n}`,
    issue: {
      issue_number: n,
      title: `Issue ${n}`,
      account_id: 3,
      company: "Acme",
      channel_id: `c${n}`,
      cluster_id: null,
      issue_type: null,
      is_weekend_priority: false,
      category_id: null,
      issue_answer_state: { state: false, user_type: "customer", timestamp: null, is_archived: false },
      last_message_index: 1,
      created_at: WHEN,
      updated_at: WHEN,
      sla: null,
    },
    issueStatus: "open",
    issueType: null,
    lastUpdatedAt: WHEN,
    planRank: 1,
    lastMessage: null,
    ...(work ? { work } : {}),
    unreadMessageCount: 0,
    readMessageIndex: 1,
  };
}

const page = (items: TConversationListItem[]) => ({
  items,
  total: items.length,
  total_capped: false,
  page: 1,
  page_size: 25,
  filter: "all",
  sort: "DESC",
});

/** The list endpoint: answers `items` and records each call's query. */
function listRoute(items: () => TConversationListItem[]) {
  const queries: Record<string, string>[] = [];
  const handler: Handler = (url) => {
    queries.push(Object.fromEntries(url.searchParams));
    return jsonResponse(page(items()));
  };
  return { queries, handler };
}

function setup(who: object, url: string, items: () => TConversationListItem[]) {
  const list = listRoute(items);
  const fetchMock = mockApi({
    "GET /api/chat/user": who,
    "GET /api/chat/issue": list.handler,
    "GET /api/chat/engineers": engineers,
    "GET /api/chat/issue-tags": { items: tags },
  });
  const view = renderScreen(<IssuesScreen />, { path: "/issues", url });
  return { ...view, fetchMock, queries: list.queries };
}

async function choose(user: ReturnType<typeof renderScreen>["user"], combobox: string, option: string) {
  await user.click(await screen.findByRole("combobox", { name: combobox }));
  await user.click(await screen.findByRole("option", { name: option }));
}

beforeEach(() => {
  localStorage.clear();
  persistedStore.remove("issuesFilter");
  persistedStore.remove("issuesSort");
  persistedStore.remove("selectedAccountId");
  channel.handlers.clear();
  setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 });
});

describe("the queue (engineers)", () => {
  it("shows each row's tags and assignees", async () => {
    setup(engineer, "/issues", () => [
      item(11, {
        tags: [{ id: 4, name: "replication", color: "#ef4444" }],
        assignee_ids: [7, 1],
        category_id: null,
      }),
      item(12, { tags: [], assignee_ids: [], category_id: null }),
    ]);
    const rows = await screen.findAllByRole("link", { name: /Issue 1\d/ });
    expect(within(rows[0] as HTMLElement).getByText("replication")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(rows[0] as HTMLElement).getByRole("img", { name: "Assigned to Alan Turing and Grace Hopper" }),
      ).toBeInTheDocument(),
    );
    expect(within(rows[0] as HTMLElement).getByText("AT")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByRole("img", { name: /Assigned to/ })).toBeNull();
    expect(within(rows[1] as HTMLElement).queryByTestId("tag-chip")).toBeNull();
  });

  it("keeps the assignment filter, assignee and tag in the URL and asks the server for them", async () => {
    const { user, router, queries } = setup(engineer, "/issues", () => [item(11)]);
    await screen.findByRole("link", { name: /Issue 11/ });
    expect(queries.at(-1)).toMatchObject({ filter: "all", sort: "DESC" });

    await choose(user, "Assignment filter", "Assigned to");
    // "Me" by default: the viewer's own id goes to the server, the URL stays short.
    expect(screen.getByRole("combobox", { name: "Assignee" })).toHaveTextContent("Me");
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ filter: "assignee", assignee: "1" }));
    expect(currentUrl(router)).toBe("/issues?filter=assignee");

    await choose(user, "Assignee", "Alan Turing");
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ filter: "assignee", assignee: "7" }));
    await choose(user, "Tag filter", "replication");
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ assignee: "7", tag: "4" }));
    expect(currentUrl(router)).toBe("/issues?filter=assignee&assignee=7&tag=4");
    // Remembered for a bare /issues next time.
    expect(persistedStore.get("issuesFilter")).toBe("assignee");
  });

  it("opens a shared link with its filters, and 'Show all issues' clears them", async () => {
    const { user, router, queries } = setup(engineer, "/issues?filter=unassigned&tag=5&sort=ASC", () => []);
    expect(await screen.findByText("No issues match this filter")).toBeInTheDocument();
    expect(queries[0]).toMatchObject({ filter: "unassigned", tag: "5", sort: "ASC" });
    expect(screen.getByRole("combobox", { name: "Assignment filter" })).toHaveTextContent("Unassigned");
    expect(await screen.findByRole("combobox", { name: "Tag filter" })).toHaveTextContent("billing");
    await user.click(screen.getByRole("button", { name: "Show all issues" }));
    expect(currentUrl(router)).toBe("/issues?sort=ASC");
    await waitFor(() =>
      expect(queries.at(-1)).toEqual(expect.not.objectContaining({ tag: expect.anything() })),
    );
    expect(queries.at(-1)).toMatchObject({ filter: "all" });
  });

  it("puts the remembered filter into the URL of a bare /issues", async () => {
    persistedStore.set("issuesFilter", "unread");
    const { router, queries } = setup(engineer, "/issues", () => []);
    await waitFor(() => expect(currentUrl(router)).toBe("/issues?filter=unread"));
    await waitFor(() => expect(queries[0]).toMatchObject({ filter: "unread" }));
  });

  it("follows queue pushes: a row takes its new tags; an unassigned list drops a row once assigned", async () => {
    let items = [item(11, { tags: [], assignee_ids: [], category_id: null })];
    const { queries } = setup(engineer, "/issues?filter=unassigned", () => items);
    const row = await screen.findByRole("link", { name: /Issue 11/ });
    const push = (work: TListItemWork) => {
      const { unreadMessageCount: _u, readMessageIndex: _r, ...pushed } = item(11, work);
      act(() =>
        channel.handlers.get("queue")?.({
          type: "issue",
          channel: "queue",
          item: pushed as TConversationEventItem,
        }),
      );
    };
    push({ tags: [{ id: 5, name: "billing", color: "#3b82f6" }], assignee_ids: [], category_id: null });
    expect(await within(row).findByText("billing")).toBeInTheDocument();
    expect(queries).toHaveLength(1);

    items = [];
    push({ tags: [], assignee_ids: [7], category_id: null });
    expect(await screen.findByText("No issues match this filter")).toBeInTheDocument();
    expect(queries).toHaveLength(2);
  });

  it("a list filtered by tag takes in a pushed issue that now carries the tag, without asking the server", async () => {
    const billing = { id: 5, name: "billing", color: "#3b82f6" };
    const { queries } = setup(engineer, "/issues?tag=5", () => [
      item(11, { tags: [billing], assignee_ids: [], category_id: null }),
    ]);
    await screen.findByRole("link", { name: /Issue 11/ });
    const {
      unreadMessageCount: _u,
      readMessageIndex: _r,
      ...pushed
    } = item(12, {
      tags: [billing],
      assignee_ids: [1],
      category_id: null,
    });
    act(() => channel.handlers.get("queue")?.({ type: "issue", channel: "queue", item: pushed }));
    const row = await screen.findByRole("link", { name: /Issue 12/ });
    expect(within(row).getByTestId("tag-chip")).toHaveTextContent("billing");
    expect(queries).toHaveLength(1);
  });

  it("looking at one organization, follows the queue and takes in only that organization's issues", async () => {
    persistedStore.set("selectedAccountId", 3);
    try {
      const { queries } = setup(engineer, "/issues", () => [item(11)]);
      await screen.findByRole("link", { name: /Issue 11/ });
      const pushOf = (n: number, accountId: number) => {
        const { unreadMessageCount: _u, readMessageIndex: _r, ...pushed } = item(n);
        const other = { ...pushed, issue: { ...pushed.issue, account_id: accountId } };
        act(() => channel.handlers.get("queue")?.({ type: "issue", channel: "queue", item: other }));
      };
      pushOf(12, 4);
      pushOf(13, 3);
      expect(await screen.findByRole("link", { name: /Issue 13/ })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: /Issue 12/ })).not.toBeInTheDocument();
      expect(queries).toHaveLength(1);
    } finally {
      persistedStore.remove("selectedAccountId");
    }
  });

  it("offers the tag and category catalogues in the toolbar", async () => {
    setup(engineer, "/issues", () => []);
    expect(await screen.findByRole("button", { name: "Tags" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Categories" })).toBeInTheDocument();
  });
});

describe("the list (customers)", () => {
  it("has no tags, no tag filter and no assignee filters; a tag in the URL is not sent", async () => {
    const { user, fetchMock, queries } = setup(testCustomer, "/issues?tag=4", () => [item(11)]);
    await screen.findByRole("link", { name: /Issue 11/ });
    expect(queries[0]).not.toHaveProperty("tag");
    expect(screen.queryByRole("combobox", { name: "Tag filter" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Tags" })).toBeNull();
    await user.click(screen.getByRole("combobox", { name: "Assignment filter" }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "All issues",
      "Following",
      "Participating",
      "Unread",
    ]);
    expect(fetchMock.mock.calls.map(([u]) => String(u))).not.toContainEqual(
      expect.stringContaining("issue-tags"),
    );
  });
});

describe("a cancelled organization (§6)", () => {
  const cancelled = {
    ...testCustomer,
    accountType: { type: "SUBSCRIBED", serviceType: "STANDARD", status: "canceled", hasSupport: true },
  };

  it("its members read their issues but New issue is disabled with the reason and a way to resubscribe", async () => {
    setup(cancelled, "/issues", () => [item(11)]);
    expect(await screen.findByRole("link", { name: /Issue 11/ })).toBeInTheDocument();
    const button = screen.getByRole("button", { name: "New issue" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(RESTRICTED_MESSAGE);
    expect(screen.getByRole("link", { name: "Go to Subscription" })).toHaveAttribute("href", "/subscription");
  });

  it("with no issues yet, the empty list offers no second button to open one", async () => {
    setup(cancelled, "/issues", () => []);
    expect(await screen.findByText("No issues yet")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Open your first issue" })).toBeNull();
    expect(screen.getAllByText(RESTRICTED_MESSAGE)).toHaveLength(1);
  });

  it("engineers acting for it still open issues", async () => {
    const { user } = setup({ ...engineer, accountType: cancelled.accountType }, "/issues", () => [item(11)]);
    await screen.findByRole("link", { name: /Issue 11/ });
    const button = screen.getByRole("button", { name: "New issue" });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByRole("dialog", { name: "New issue" })).toBeInTheDocument();
    expect(screen.queryByText(RESTRICTED_MESSAGE)).toBeNull();
  });
});

describe("the SLA clock and the SLA deadline order (issue 18)", () => {
  const NOW = new Date("2026-11-24T11:45:00.000Z");
  const withSla = (n: number, dueAt: string, firstResponseAt: string | null = null) => {
    const row = item(n);
    return {
      ...row,
      issue: {
        ...row.issue,
        created_at: "2026-11-24T10:00:00.000Z",
        sla: { hours: 4, coverage: "24x7" as const, due_at: dueAt, first_response_at: firstResponseAt },
      },
    };
  };
  const rows = () => [
    withSla(11, "2026-11-24T14:00:00.000Z"),
    withSla(12, "2026-11-24T11:10:00.000Z"),
    withSla(13, "2026-11-24T14:00:00.000Z", "2026-11-24T10:25:00.000Z"),
    item(14),
  ];

  afterEach(() => {
    vi.useRealTimers();
  });

  it("an engineer's rows show the time left, or how overdue, while the customer waits for a first response", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    setup(engineer, "/issues", rows);
    const waiting = await screen.findByRole("link", { name: /Issue 11/ });
    expect(within(waiting).getByText("Response due in 2 h 15 min")).toBeInTheDocument();
    const overdue = screen.getByRole("link", { name: /Issue 12/ });
    expect(within(overdue).getByText("Overdue by 35 min")).toBeInTheDocument();
    // Answered in time, or no SLA: nothing to chase.
    for (const n of [13, 14])
      expect(screen.getByRole("link", { name: new RegExp(`Issue ${n}`) })).not.toHaveTextContent(
        /Response due|Overdue|First response/,
      );
  });

  it("a customer's rows say calmly when we aim to respond", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    setup(testCustomer, "/issues", rows);
    const waiting = await screen.findByRole("link", { name: /Issue 11/ });
    expect(within(waiting).getByText(/^We aim to respond by /)).toBeInTheDocument();
    const overdue = screen.getByRole("link", { name: /Issue 12/ });
    expect(within(overdue).getByText("An engineer will respond as soon as possible")).toBeInTheDocument();
    expect(screen.queryByText(/Overdue/)).toBeNull();
  });

  it("the sort offers SLA deadline: it asks the server for order=sla and is remembered", async () => {
    const { user, router, queries } = setup(engineer, "/issues", () => [item(11)]);
    await screen.findByRole("link", { name: /Issue 11/ });
    expect(queries.at(-1)).not.toHaveProperty("order");

    await choose(user, "Sort", "SLA deadline");
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ order: "sla", sort: "DESC" }));
    expect(currentUrl(router)).toBe("/issues?order=sla");
    expect(persistedStore.get("issuesSort")).toBe("sla");

    await choose(user, "Sort", "Oldest first");
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sort: "ASC" }));
    expect(queries.at(-1)).not.toHaveProperty("order");
    expect(currentUrl(router)).toBe("/issues?sort=ASC");
    expect(persistedStore.get("issuesSort")).toBe("ASC");
  });

  it("a customer's bare /issues opens in the remembered SLA deadline order", async () => {
    persistedStore.set("issuesSort", "sla");
    const { router, queries } = setup(testCustomer, "/issues", () => [item(11)]);
    await waitFor(() => expect(currentUrl(router)).toBe("/issues?order=sla"));
    await waitFor(() => expect(queries[0]).toMatchObject({ order: "sla" }));
    expect(await screen.findByRole("combobox", { name: "Sort" })).toHaveTextContent("SLA deadline");
  });

  it("in the SLA deadline order, a pushed change asks the server where the row now goes", async () => {
    const { queries } = setup(engineer, "/issues?order=sla", () => [item(11)]);
    await screen.findByRole("link", { name: /Issue 11/ });
    const { unreadMessageCount: _u, readMessageIndex: _r, ...pushed } = item(11);
    act(() => channel.handlers.get("queue")?.({ type: "issue", channel: "queue", item: pushed }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toMatchObject({ order: "sla" });
  });
});
