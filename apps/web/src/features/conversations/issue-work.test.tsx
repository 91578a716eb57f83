/**
 * The issue screen's work (issue 10): the side panel, events and notes among the messages, the
 * staff channel, @mentions and notify. The API is faked (mockApi); frames come from the test.
 */
import type {
  TConversationListItem,
  TIssueDetail,
  TServerFrame,
} from "@portico/shared/schemas/conversations";
import type { TIssueEvent, TNote } from "@portico/shared/schemas/issue-work";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import IssueScreen from "./issue-screen";

const channel = vi.hoisted(() => ({ handlers: new Map<string, (frame: TServerFrame) => void>() }));
vi.mock("./realtime/chat", () => ({
  useChannel: (name: string | null, handlers: { onFrame: (frame: TServerFrame) => void }) => {
    if (name) channel.handlers.set(name, handlers.onFrame);
  },
  useChannelState: () => "not loaded",
  useConnectionState: () => ({ state: "connected", hasConnected: true }),
  getChatClient: () => ({ sendTyping: () => undefined }),
}));

const engineer = {
  ...testCustomer,
  userId: 7,
  name: "Erin Engineer",
  email: "erin@portico.example",
  accountId: 1,
  companyName: "Portico",
  isEngineer: true,
};
const N = 5;
const base = `/api/chat/issue/${N}`;
const when = "2026-01-01T10:00:00Z";

function item(): TConversationListItem {
  return {
    channelId: "c5",
    issue: {
      issue_number: N,
      title: "Printer on fire",
      account_id: 3,
      company: "Acme",
      channel_id: "c5",
      cluster_id: null,
      issue_type: null,
      is_weekend_priority: false,
      category_id: null,
      issue_answer_state: { state: false, user_type: "customer", timestamp: null, is_archived: false },
      last_message_index: 2,
      created_at: when,
      updated_at: when,
      sla: null,
    },
    issueStatus: "waiting",
    issueType: null,
    lastUpdatedAt: when,
    planRank: 1,
    lastMessage: null,
    unreadMessageCount: 0,
    readMessageIndex: 2,
  };
}

const message = (index: number, name = "Ada Lovelace") => ({
  issue_number: N,
  index,
  body: `message body ${index}`,
  attributes: {},
  author: { user_id: 2, name, type: "customer" as const },
  created_at: when,
  edited_at: null,
  revision: index,
});

const event = (id: number, after: number, data: TIssueEvent["data"]): TIssueEvent => ({
  id,
  issue_number: N,
  audience: data.type === "tagged" ? "engineers" : "all",
  actor: { user_id: 7, name: "Erin Engineer", is_engineer: true },
  after_message_index: after,
  data,
  created_at: when,
});

const note = (id: number, after: number, body: string, authorId = 7): TNote => ({
  id,
  issue_number: N,
  body,
  author: { user_id: authorId, name: authorId === 7 ? "Erin Engineer" : "Grace Hopper" },
  after_message_index: after,
  created_at: when,
  edited_at: null,
});

const network = { id: 1, name: "network", color: "#3b82f6" };

function detail(over: Partial<TIssueDetail> = {}, forEngineer = true): TIssueDetail {
  return {
    conversation: item(),
    messages: [message(1), message(2)],
    has_older: false,
    has_newer: false,
    revision: 2,
    abilities: { post: true, rename: forEngineer, answer: forEngineer, join: false, work: forEngineer },
    work: { tags: [], category: null, assignees: [], followers: [], following: false },
    events: [event(1, 0, { type: "created", title: "Printer on fire" })],
    notes: forEngineer ? [note(3, 1, "Customer is on the old firmware")] : [],
    ...over,
  } as TIssueDetail;
}

function renderIssue(user: object, routes: Record<string, Handler | object>) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [`GET ${base}/participants`]: [],
    "GET /api/chat/engineers": [
      {
        user_id: 7,
        name: "Erin Engineer",
        is_available: true,
        is_contributor: false,
        is_on_call: false,
        online: true,
      },
      {
        user_id: 8,
        name: "Sam Support",
        is_available: true,
        is_contributor: false,
        is_on_call: false,
        online: false,
      },
    ],
    [`GET ${base}/assignees`]: {
      assignees: [],
      suggested: [{ user_id: 9, name: "Nia Network", is_engineer: true, online: false, since: null }],
    },
    "GET /api/chat/issue-tags": { items: [{ ...network, issue_count: 3 }] },
    "GET /api/issue-categories": {
      items: [{ id: 4, name: "Network", description: "", level: 2, issue_count: 1, expert_count: 1 }],
    },
    [`GET ${base}/notes`]: [note(3, 1, "Customer is on the old firmware")],
    [`GET ${base}/events`]: {
      items: [event(1, 0, { type: "created", title: "Printer on fire" })],
      has_more: false,
    },
    ...routes,
  });
  const view = renderScreen(<IssueScreen />, { path: "/issues/:issueNumber", url: `/issues/${N}` });
  return { ...view, fetchMock };
}

const person = (user_id: number, name: string) => ({
  user_id,
  name,
  email: null,
  account_id: 3,
  is_engineer: false,
  online: false,
});
const ada = person(2, "Ada Lovelace");
const adam = person(12, "Adam Admin");
/** A page of GET /api/chat/users. */
const people = (items: ReturnType<typeof person>[]) => ({
  items,
  total: items.length,
  page: 1,
  page_size: 20,
});

const panel = () => screen.getByRole("complementary", { name: "Issue details" });
const frame = (name: string, f: TServerFrame) => act(() => channel.handlers.get(name)?.(f));

beforeEach(() => {
  channel.handlers.clear();
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
  persistedStore.remove("issueTabs");
  persistedStore.remove("replyDrafts");
});

describe("issue work panel (engineers)", () => {
  it("adds a tag from the catalogue: the chip appears with a remove button and a toast says so", async () => {
    let tags = [] as (typeof network)[];
    const { user, fetchMock } = renderIssue(engineer, {
      [`GET ${base}`]: () => jsonResponse(detail({ work: { ...detail().work, tags } })),
      [`POST ${base}/tags`]: () => {
        tags = [network];
        return jsonResponse(tags);
      },
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    expect(within(panel()).getByText("No tags yet.")).toBeInTheDocument();
    await user.click(within(panel()).getByRole("combobox", { name: "Add tag" }));
    await user.click(await screen.findByRole("option", { name: "network" }));
    expect(await screen.findByText("Tagged ‘network’.")).toBeInTheDocument();
    expect(within(panel()).getByRole("button", { name: "Remove tag network" })).toBeInTheDocument();
    const post = calls(fetchMock).indexOf(`POST ${base}/tags`);
    expect(bodyOf(fetchMock, post)).toEqual({ tag_id: 1 });
  });

  it("offers the engineers suggested by expertise first, marked Suggested, and assigns", async () => {
    const nia = { user_id: 9, name: "Nia Network", is_engineer: true, online: false, since: when };
    let work = detail().work;
    const { user, fetchMock } = renderIssue(engineer, {
      [`GET ${base}`]: () => jsonResponse(detail({ work })),
      [`POST ${base}/assignees`]: () => {
        // The assignee follows the issue too: the panel reads the work again for that.
        work = { ...work, assignees: [nia], followers: [nia] };
        return jsonResponse({ assignees: [nia], suggested: [] });
      },
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    await user.click(within(panel()).getByRole("combobox", { name: "Assign an engineer" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Nia Network (Suggested)",
      "Erin Engineer",
      "Sam Support",
    ]);
    await user.click(options[0] as HTMLElement);
    expect(await screen.findByText("Assigned Nia Network.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf(`POST ${base}/assignees`))).toEqual({ user_id: 9 });
    expect(within(panel()).getByRole("list", { name: "Assignees" })).toHaveTextContent("Nia Network");
    expect(await within(panel()).findByRole("list", { name: "Followers" })).toHaveTextContent("Nia Network");
  });

  it("writes an internal note, marked as one customers don't see", async () => {
    const { user, fetchMock } = renderIssue(engineer, {
      [`GET ${base}`]: detail(),
      [`POST ${base}/notes`]: () => jsonResponse(note(4, 2, "Escalated to **hardware**"), 201),
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    expect(within(panel()).getAllByText("Internal note — customers don't see this").length).toBeGreaterThan(
      0,
    );
    await user.type(
      within(panel()).getByRole("textbox", { name: "New internal note" }),
      "Escalated to **hardware**",
    );
    await user.click(within(panel()).getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Note added.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf(`POST ${base}/notes`))).toEqual({
      body: "Escalated to **hardware**",
    });
    const notes = within(panel()).getByRole("list", { name: "Notes" });
    expect(within(notes).getAllByRole("article")[0]).toHaveTextContent("Escalated to hardware");
  });

  it("deletes the viewer's own note only after confirming; another's has no actions", async () => {
    const { user, fetchMock } = renderIssue(engineer, {
      [`GET ${base}`]: detail(),
      [`GET ${base}/notes`]: [note(3, 1, "Mine"), note(6, 1, "Theirs", 11)],
      [`DELETE ${base}/notes/3`]: () => new Response(null, { status: 204 }),
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    const notes = await within(panel()).findByRole("list", { name: "Notes" });
    const [theirs, mine] = within(notes).getAllByRole("article");
    expect(within(theirs as HTMLElement).queryByRole("button")).toBeNull();
    await user.click(within(mine as HTMLElement).getByRole("button", { name: "Delete note" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this note?" });
    expect(calls(fetchMock)).not.toContain(`DELETE ${base}/notes/3`);
    await user.click(within(dialog).getByRole("button", { name: "Delete note" }));
    expect(await screen.findByText("Note deleted.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`DELETE ${base}/notes/3`);
    await waitFor(() => expect(within(panel()).queryByText("Mine")).toBeNull());
  });

  it("follows and unfollows", async () => {
    const me = { user_id: 7, name: "Erin Engineer", is_engineer: true, online: true, since: when };
    const { user } = renderIssue(engineer, {
      [`GET ${base}`]: detail(),
      [`POST ${base}/follow`]: { following: true, followers: [me] },
      [`POST ${base}/unfollow`]: { following: false, followers: [] },
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    await user.click(within(panel()).getByRole("button", { name: "Follow" }));
    expect(await screen.findByText("You follow this issue.")).toBeInTheDocument();
    expect(within(panel()).getByRole("list", { name: "Followers" })).toHaveTextContent("Erin Engineer");
    await user.click(within(panel()).getByRole("button", { name: "Unfollow" }));
    expect(await screen.findByText("You no longer follow this issue.")).toBeInTheDocument();
    expect(within(panel()).getByText("Nobody follows this issue yet.")).toBeInTheDocument();
  });

  it("shows events and notes among the messages, and live ones from the staff channel", async () => {
    // jsdom lays nothing out: give the list a viewport so the virtualizer renders rows.
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, "offsetWidth", "get").mockReturnValue(800);
    vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(800);
    vi.spyOn(Element.prototype, "clientWidth", "get").mockReturnValue(800);
    let work = detail().work;
    renderIssue(engineer, {
      [`GET ${base}`]: () => jsonResponse(detail({ work })),
    });
    const log = await screen.findByRole("log", { name: "Messages" });
    await within(log).findByText("message body 2");
    const order = () =>
      within(log)
        .getAllByText(/message body|Erin Engineer opened|old firmware|tagged|Rush/)
        .map((el) => el.textContent?.replace(/ · .*/, ""));
    expect(order()).toEqual([
      "Erin Engineer opened the issue",
      "message body 1",
      "Customer is on the old firmware",
      "message body 2",
    ]);
    expect(channel.handlers.has(`staff:issue:${N}`)).toBe(true);

    work = { ...work, tags: [network] };
    frame(`staff:issue:${N}`, {
      type: "event",
      channel: `staff:issue:${N}`,
      event: event(20, 2, { type: "tagged", tag: network }),
    });
    frame(`staff:issue:${N}`, {
      type: "note",
      channel: `staff:issue:${N}`,
      action: "created",
      note: note(21, 2, "Rush order"),
    });
    await waitFor(() =>
      expect(order().slice(-2)).toEqual(["Erin Engineer tagged ‘network’ (engineers only)", "Rush order"]),
    );
    // A tag change reads the work again: the chip shows in the panel.
    expect(await within(panel()).findByRole("button", { name: "Remove tag network" })).toBeInTheDocument();
    expect(within(panel()).getByRole("list", { name: "Activity" })).toHaveTextContent("tagged ‘network’");
  });
});

describe("issue work panel (customers)", () => {
  it("shows assignees, followers and Follow, but no tags, category or notes, and no staff channel", async () => {
    const nia = { user_id: 9, name: "Nia Network", is_engineer: true, online: false, since: when };
    const { fetchMock } = renderIssue(testCustomer, {
      [`GET ${base}`]: detail(
        { work: { tags: [], category: null, assignees: [nia], followers: [], following: false } },
        false,
      ),
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    expect(within(panel()).getByRole("list", { name: "Assignees" })).toHaveTextContent("Nia Network");
    expect(within(panel()).getByRole("button", { name: "Follow" })).toBeInTheDocument();
    expect(within(panel()).queryByRole("region", { name: "Tags" })).toBeNull();
    expect(within(panel()).queryByRole("region", { name: "Category" })).toBeNull();
    expect(within(panel()).queryByRole("region", { name: "Internal notes" })).toBeNull();
    expect(within(panel()).queryByRole("combobox", { name: "Assign an engineer" })).toBeNull();
    expect(channel.handlers.has(`staff:issue:${N}`)).toBe(false);
    await within(panel()).findByRole("list", { name: "Activity" });
    const asked = calls(fetchMock);
    for (const path of ["/api/chat/issue-tags", "/api/issue-categories", `${base}/notes`])
      expect(asked).not.toContain(`GET ${path}`);
  });
});

describe("mentions in the composer", () => {
  it("typing @ lists people; the keyboard picks one; sending notifies them after the message", async () => {
    const { user, fetchMock } = renderIssue(engineer, {
      [`GET ${base}`]: detail(),
      "GET /api/chat/users": (url) =>
        jsonResponse(
          people(
            [ada, adam].filter((p) =>
              p.name.toLowerCase().includes((url.searchParams.get("q") ?? "").toLowerCase()),
            ),
          ),
        ),
      [`POST ${base}`]: { message: message(3, "Erin Engineer"), conversation: item() },
      [`POST ${base}/notify`]: { notified: [{ user_id: 12, name: "Adam Admin" }], emailed: 1 },
    });
    const box = await screen.findByRole("textbox", { name: "Reply" });
    await user.type(box, "Thanks @ad");
    const list = await screen.findByRole("listbox", { name: "People to mention" });
    await waitFor(() => expect(within(list).getAllByRole("option")).toHaveLength(2));
    expect(within(list).getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(box).toHaveValue("Thanks @Adam Admin ");
    expect(screen.queryByRole("listbox", { name: "People to mention" })).toBeNull();
    await user.type(box, "please look{Enter}");
    expect(await screen.findByText("Notified 1 person.")).toBeInTheDocument();
    const asked = calls(fetchMock);
    expect(asked.indexOf(`POST ${base}/notify`)).toBeGreaterThan(asked.indexOf(`POST ${base}`));
    expect(bodyOf(fetchMock, asked.indexOf(`POST ${base}`))).toEqual({
      body: "Thanks @Adam Admin please look",
    });
    expect(bodyOf(fetchMock, asked.indexOf(`POST ${base}/notify`))).toEqual({
      user_ids: [12],
      message_index: 3,
    });
  });

  it("shows the server's reason when notifying fails; the message stays sent", async () => {
    const { user } = renderIssue(engineer, {
      [`GET ${base}`]: detail(),
      "GET /api/chat/users": people([adam]),
      [`POST ${base}`]: { message: message(3, "Erin Engineer"), conversation: item() },
      [`POST ${base}/notify`]: () =>
        jsonResponse({ error: "These people cannot see this issue: 12", status: 400 }, 400),
    });
    const box = await screen.findByRole("textbox", { name: "Reply" });
    await user.type(box, "@Ada");
    await screen.findByRole("option", { name: /Adam Admin/ });
    await user.keyboard("{Tab}");
    await user.keyboard("{Enter}");
    expect(await screen.findByText("These people cannot see this issue: 12")).toBeInTheDocument();
    expect(box).toHaveValue("");
  });
});

describe("notify from the panel", () => {
  it("picks people and notifies them; the dialog closes with a toast", async () => {
    const { user, fetchMock } = renderIssue(testCustomer, {
      [`GET ${base}`]: detail({}, false),
      "GET /api/chat/users": people([adam]),
      [`POST ${base}/notify`]: { notified: [{ user_id: 12, name: "Adam Admin" }], emailed: 0 },
    });
    await screen.findByRole("complementary", { name: "Issue details" });
    await user.click(within(panel()).getByRole("button", { name: "Notify…" }));
    const dialog = await screen.findByRole("dialog", { name: `Notify people about #${N}` });
    expect(within(dialog).getByRole("button", { name: /^Notify/ })).toBeDisabled();
    await user.click(within(dialog).getByRole("combobox", { name: "Add a person to notify" }));
    await user.click(await screen.findByRole("option", { name: "Adam Admin" }));
    expect(within(dialog).getByRole("list", { name: "People to notify" })).toHaveTextContent("Adam Admin");
    await user.click(within(dialog).getByRole("button", { name: "Notify 1" }));
    expect(await screen.findByText("Notified 1 person.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf(`POST ${base}/notify`))).toEqual({ user_ids: [12] });
  });
});

describe("activity", () => {
  it("reads every page of events (oldest first) and lists the newest on top", async () => {
    const { fetchMock } = renderIssue(testCustomer, {
      [`GET ${base}`]: detail({}, false),
      [`GET ${base}/events`]: (url) =>
        url.searchParams.get("after_id") === "1"
          ? jsonResponse({
              items: [event(2, 2, { type: "status", from: "waiting", to: "answered" })],
              has_more: false,
            })
          : jsonResponse({
              items: [event(1, 0, { type: "created", title: "Printer on fire" })],
              has_more: true,
            }),
    });
    const activity = await within(
      await screen.findByRole("complementary", { name: "Issue details" }),
    ).findByRole("list", { name: "Activity" });
    await waitFor(() => expect(within(activity).getAllByRole("listitem")).toHaveLength(2));
    expect(
      within(activity)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.replace(/ · .*/, "")),
    ).toEqual(["Erin Engineer marked it answered", "Erin Engineer opened the issue"]);
    expect(calls(fetchMock).filter((c) => c === `GET ${base}/events`)).toHaveLength(2);
  });
});

describe("planning on the issue screen (issue 11)", () => {
  const meeting = (id: number, title: string) => ({
    id,
    issue_number: N,
    issue_title: "Printer on fire",
    account_id: 3,
    kind: "scheduled",
    title,
    meeting_link: "https://zoom.us/j/1",
    meeting_url: `/issues/${N}`,
    start_time: new Date(Date.now() + 3_600_000).toISOString(),
    end_time: new Date(Date.now() + 7_200_000).toISOString(),
    participants: [],
    notes: "",
    created_by: { user_id: 7, name: "Erin Engineer" },
    created_at: when,
    cancelled_at: null,
  });

  it("a live meeting event shows in the activity and reads the panel's meetings again", async () => {
    let meetings: ReturnType<typeof meeting>[] = [];
    renderIssue(testCustomer, {
      [`GET ${base}`]: detail({}, false),
      [`GET ${base}/meetings`]: () => jsonResponse(meetings),
      "GET /api/auth/deploy_env": { env: "development", sentry_dsn: null },
    });
    const section = await within(
      await screen.findByRole("complementary", { name: "Issue details" }),
    ).findByRole("region", { name: "Meetings" });
    expect(await within(section).findByText("No meetings yet.")).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Schedule meeting" })).toBeNull();
    meetings = [meeting(4, "Kick-off")];
    const start = meetings[0]?.start_time as string;
    await frame("c5", {
      type: "event",
      channel: "c5",
      event: event(9, 2, {
        type: "meeting_scheduled",
        meeting_id: 4,
        title: "Kick-off",
        start_time: start,
        end_time: start,
      }),
    } as TServerFrame);
    expect(await within(section).findByRole("article", { name: "Meeting Kick-off" })).toBeInTheDocument();
    const activity = within(panel()).getByRole("list", { name: "Activity" });
    expect(
      await within(activity).findByText(/Erin Engineer scheduled the meeting ‘Kick-off’ for/),
    ).toBeInTheDocument();
  });

  it("offers Summarize to customers too", async () => {
    const { user } = renderIssue(testCustomer, {
      [`GET ${base}`]: detail({}, false),
      [`GET ${base}/meetings`]: [],
      [`POST ${base}/summarize`]: {
        issue_number: N,
        summary: "The printer caught fire.\n\nAn engineer is on it.",
        source: "built-in",
        model: null,
        last_message_index: 2,
        generated_at: when,
        cached: true,
      },
    });
    await user.click(await screen.findByRole("button", { name: "Summarize" }));
    const dialog = await screen.findByRole("dialog", { name: `Summary of #${N}` });
    expect(await within(dialog).findByText("An engineer is on it.")).toBeInTheDocument();
    expect(within(dialog).getByText("Built-in summary (extracted sentences)")).toBeInTheDocument();
  });
});

describe("the SLA clock in the header (issue 18)", () => {
  const NOW = new Date("2026-01-01T14:35:00Z");
  const withSla = (firstResponseAt: string | null): TConversationListItem => {
    const row = item();
    return {
      ...row,
      issue: {
        ...row.issue,
        sla: {
          hours: 4,
          coverage: "24x7",
          due_at: "2026-01-01T14:00:00.000Z",
          first_response_at: firstResponseAt,
        },
      },
    };
  };

  it("an engineer sees how overdue the first response is, then how late it came once pushed", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    try {
      renderIssue(engineer, {
        [`GET ${base}`]: detail({ conversation: withSla(null) }),
        [`GET ${base}/meetings`]: [],
      });
      const clock = await screen.findByText("Overdue by 35 min");
      expect(clock.closest("header")).not.toBeNull();
      const { unreadMessageCount: _u, readMessageIndex: _r, ...pushed } = withSla("2026-01-01T14:40:00.000Z");
      frame("queue", { type: "issue", channel: "queue", item: pushed });
      expect(await screen.findByText("First response 40 min late")).toBeInTheDocument();
      expect(screen.queryByText(/Overdue/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a customer sees a first response within the SLA said so", async () => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
    try {
      renderIssue(testCustomer, {
        [`GET ${base}`]: detail({ conversation: withSla("2026-01-01T10:25:00.000Z") }, false),
        [`GET ${base}/meetings`]: [],
      });
      expect(await screen.findByText("First response in 25 min (within the 4-hour SLA)")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
