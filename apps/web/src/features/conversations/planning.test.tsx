/**
 * The issue screen's planning pieces (issue 11): the meetings section with its schedule, log and
 * cancel, the Summarize dialog, "Add todo" on a message, and the new events' sentences.
 */
import type { TMessage } from "@portico/shared/schemas/conversations";
import type { TIssueEvent } from "@portico/shared/schemas/issue-work";
import type { TMeeting } from "@portico/shared/schemas/meetings";
import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it } from "vitest";
import { dateToIso } from "../../components/ui/date-picker";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  chooseOption,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
} from "../../test/helpers";
import { TodoDialog, type TodoDraft } from "../todos/todo-dialog";
import { localInstant } from "./components/meeting-dialogs";
import { MeetingsSection } from "./components/meetings-panel";
import { MessageItem } from "./components/message-item";
import { SummaryDialog } from "./components/summary-panel";
import { eventSentence } from "./event-text";

const N = 5;
const base = `/api/chat/issue/${N}`;
const hour = 3_600_000;
const ada = {
  user_id: 2,
  name: "Ada Lovelace",
  email: null,
  account_id: 3,
  is_engineer: false,
  online: true,
};

function meeting(id: number, startsIn: number, over: Partial<TMeeting> = {}): TMeeting {
  return {
    id,
    issue_number: N,
    issue_title: "Printer on fire",
    account_id: 3,
    kind: "scheduled",
    title: `Meeting ${id}`,
    meeting_link: "https://zoom.us/j/123",
    meeting_url: `/issues/${N}`,
    start_time: new Date(Date.now() + startsIn).toISOString(),
    end_time: new Date(Date.now() + startsIn + hour).toISOString(),
    participants: [],
    notes: "",
    created_by: { user_id: 7, name: "Erin Engineer" },
    created_at: new Date().toISOString(),
    cancelled_at: null,
    ...over,
  };
}

function renderSection(canWork: boolean, routes: Record<string, Handler | object>) {
  const fetchMock = mockApi({
    "GET /api/chat/users": { items: [ada], total: 1 },
    ...routes,
  });
  const view = renderScreen(<MeetingsSection issueNumber={N} accountId={3} canWork={canWork} />);
  return { ...view, fetchMock };
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("meetings in the side panel", () => {
  it("lists upcoming meetings first, soonest first, then past and cancelled ones", async () => {
    renderSection(false, {
      [`GET ${base}/meetings`]: [
        meeting(1, -5 * hour, { kind: "logged", meeting_link: null }),
        meeting(2, 48 * hour),
        meeting(3, 2 * hour),
        meeting(4, 5 * hour, { cancelled_at: new Date().toISOString() }),
      ],
    });
    const list = await screen.findByRole("list", { name: "Meetings of this issue" });
    const names = within(list)
      .getAllByRole("article")
      .map((a) => a.getAttribute("aria-label"));
    expect(names).toEqual([
      "Meeting Meeting 3",
      "Meeting Meeting 2",
      "Meeting Meeting 4",
      "Meeting Meeting 1",
    ]);
    // A customer joins but neither schedules nor cancels.
    expect(within(list).getAllByRole("link", { name: /^Join/ })).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Schedule meeting" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel meeting" })).toBeNull();
  });

  it("engineers cancel an upcoming meeting after confirming", async () => {
    const { user, fetchMock } = renderSection(true, {
      [`GET ${base}/meetings`]: [meeting(3, 2 * hour)],
      [`DELETE ${base}/meetings/3`]: meeting(3, 2 * hour, { cancelled_at: new Date().toISOString() }),
    });
    await user.click(await screen.findByRole("button", { name: "Cancel meeting" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Cancel this meeting?" });
    expect(calls(fetchMock)).not.toContain(`DELETE ${base}/meetings/3`);
    await user.click(within(confirm).getByRole("button", { name: "Cancel meeting" }));
    expect(
      await screen.findByText("Meeting “Meeting 3” cancelled. The participants are told by e-mail."),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`DELETE ${base}/meetings/3`);
  });

  it("schedules a meeting: the shared messages, then instants in the browser's zone and the participants", async () => {
    const { user, fetchMock } = renderSection(true, {
      [`GET ${base}/meetings`]: [],
      [`POST ${base}/meetings`]: (_url, init) =>
        jsonResponse(meeting(9, 24 * hour, { title: JSON.parse(String(init.body)).title }), 201),
    });
    expect(await screen.findByText("No meetings yet. Schedule one to talk it through.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Schedule meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule a meeting" });
    await user.type(within(dialog).getByLabelText("Zoom link"), "https://meet.example/abc");
    const endTime = within(dialog).getByLabelText("End time");
    await user.clear(endTime);
    await user.type(endTime, "09:00");
    await user.click(within(dialog).getByRole("button", { name: "Schedule meeting" }));
    expect(await within(dialog).findByText("Meeting title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("Please enter a valid Zoom meeting link")).toBeInTheDocument();
    expect(within(dialog).getByText("End date should be after start date.")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(`POST ${base}/meetings`);

    await user.type(within(dialog).getByLabelText("Title"), "Firmware walkthrough");
    const link = within(dialog).getByLabelText("Zoom link");
    await user.clear(link);
    await user.type(link, "https://zoom.us/j/987");
    await user.clear(endTime);
    await user.type(endTime, "11:30");
    await chooseOption(user, "Add a participant", "Ada Lovelace", "Ada");
    expect(
      within(within(dialog).getByRole("list", { name: "Participants" })).getByText("Ada Lovelace"),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Agenda"), "Walk through the upgrade");
    await user.click(within(dialog).getByRole("button", { name: "Schedule meeting" }));

    expect(
      await screen.findByText("Meeting “Firmware walkthrough” scheduled. Invitations are on their way."),
    ).toBeInTheDocument();
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf(`POST ${base}/meetings`))).toEqual({
      title: "Firmware walkthrough",
      meeting_link: "https://zoom.us/j/987",
      agenda: "Walk through the upgrade",
      participant_ids: [2],
      start_time: localInstant(dateToIso(tomorrow), "10:00"),
      end_time: localInstant(dateToIso(tomorrow), "11:30"),
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("logs a past meeting with its notes; the server's refusal stays in the dialog", async () => {
    let refuse = true;
    const { user, fetchMock } = renderSection(true, {
      [`GET ${base}/meetings`]: [],
      "POST /api/chat/log-meeting": () =>
        refuse
          ? jsonResponse({ error: "These people cannot see this issue: 2", status: 400 }, 400)
          : jsonResponse(meeting(10, -2 * hour, { kind: "logged", title: "Call" }), 201),
    });
    await user.click(await screen.findByRole("button", { name: "Log meeting" }));
    const dialog = await screen.findByRole("dialog", { name: "Log a meeting" });
    await user.type(within(dialog).getByLabelText("Title"), "Call");
    // Yesterday, so the times are in the past whatever the clock says.
    const yesterday = new Date(Date.now() - 24 * hour);
    const shown = dateToIso(yesterday).split("-").reverse().join("-");
    for (const label of ["Start date", "End date"]) {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      await user.type(input, `${shown}{Enter}`);
    }
    await user.type(within(dialog).getByLabelText("Start time"), "00:00");
    await user.type(within(dialog).getByLabelText("End time"), "00:01");
    await user.click(within(dialog).getByRole("button", { name: "Log meeting" }));
    expect(await within(dialog).findByText("Write what was agreed in the meeting")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Notes"), "Upgrade on Friday");
    await user.click(within(dialog).getByRole("button", { name: "Log meeting" }));
    expect(await within(dialog).findByText("These people cannot see this issue: 2")).toBeInTheDocument();
    refuse = false;
    await user.click(within(dialog).getByRole("button", { name: "Log meeting" }));
    expect(await screen.findByText("Meeting “Call” logged.")).toBeInTheDocument();
    const body = bodyOf(fetchMock, calls(fetchMock).lastIndexOf("POST /api/chat/log-meeting")) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      issue_number: N,
      title: "Call",
      notes: "Upgrade on Friday",
      participant_ids: [],
    });
    expect(body).not.toHaveProperty("meeting_link");
  });
});

describe("Summarize", () => {
  const summary = {
    issue_number: N,
    summary: "The printer caught fire after the update.\n\nThe engineer rolled the firmware back.",
    source: "llm",
    model: "gpt-4o-mini",
    last_message_index: 4,
    generated_at: "2026-01-01T10:00:00Z",
    cached: false,
  };

  it("shows the two paragraphs labelled with the model", async () => {
    const { user } = (() => {
      mockApi({ [`POST ${base}/summarize`]: summary });
      return renderScreen(<SummaryDialog issueNumber={N} />);
    })();
    await user.click(await screen.findByRole("button", { name: "Summarize" }));
    const dialog = await screen.findByRole("dialog", { name: `Summary of #${N}` });
    expect(await within(dialog).findByText("Summary by gpt-4o-mini")).toBeInTheDocument();
    expect(within(dialog).getByText("The printer caught fire after the update.")).toBeInTheDocument();
    expect(within(dialog).getByText("The engineer rolled the firmware back.")).toBeInTheDocument();
  });

  it("labels the built-in summary, and shows the server's error with Retry", async () => {
    let fail = true;
    mockApi({
      [`POST ${base}/summarize`]: () =>
        fail
          ? jsonResponse(
              { error: "The summary service did not answer in time. Try again later.", status: 504 },
              504,
            )
          : jsonResponse({ ...summary, source: "built-in", model: null }),
    });
    const { user } = renderScreen(<SummaryDialog issueNumber={N} />);
    await user.click(await screen.findByRole("button", { name: "Summarize" }));
    const dialog = await screen.findByRole("dialog", { name: `Summary of #${N}` });
    expect(
      await within(dialog).findByText("The summary service did not answer in time. Try again later."),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole("button", { name: "Retry" }));
    expect(await within(dialog).findByText("Built-in summary (extracted sentences)")).toBeInTheDocument();
  });
});

describe("Add todo from a message", () => {
  const message: TMessage = {
    issue_number: N,
    index: 3,
    body: "Please send the logs",
    attributes: {},
    author: { user_id: 2, name: "Ada Lovelace", type: "customer" },
    created_at: "2026-01-01T10:00:00Z",
    edited_at: null,
    revision: 3,
  } as TMessage;

  /** Someone else's message, with actions that do nothing. */
  const plainMessage = {
    message,
    mine: false,
    mayDelete: false,
    highlighted: false,
    onQuote: () => undefined,
    onEdit: async () => undefined,
    onDelete: async () => undefined,
  };

  function MessageWithTodo() {
    const [draft, setDraft] = useState<TodoDraft | null>(null);
    return (
      <>
        <MessageItem
          {...plainMessage}
          onAddTodo={(m) => setDraft({ mode: "create", issueNumber: N, msgIndex: m.index, accountId: 3 })}
        />
        <TodoDialog draft={draft} accountId={1} onClose={() => setDraft(null)} />
      </>
    );
  }

  it("prefills the link to the message and creates the todo for the issue's organization", async () => {
    const fetchMock = mockApi({
      "GET /api/chat/users": { items: [ada], total: 1 },
      "POST /api/chat/todos": (_url, init) =>
        jsonResponse({ id: 1, title: JSON.parse(String(init.body)).title }, 201),
    });
    const { user } = renderScreen(<MessageWithTodo />);
    await user.click(screen.getByRole("button", { name: "Add todo for message 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Add todo" });
    expect(within(dialog).getByLabelText("Issue number")).toHaveValue(String(N));
    expect(within(dialog).getByLabelText("Message number")).toHaveValue("3");
    await user.type(within(dialog).getByLabelText("Title"), "Collect the logs");
    await chooseOption(user, "Owner", "Ada Lovelace", "Ada");
    await user.click(within(dialog).getByRole("button", { name: "Add todo" }));
    expect(await screen.findByText("Todo “Collect the logs” added.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/chat/todos");
    const url = new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
    expect(url.searchParams.get("aid")).toBe("3");
    expect(bodyOf(fetchMock, index)).toMatchObject({
      title: "Collect the logs",
      owner_id: 2,
      issue_number: N,
      msg_index: 3,
    });
  });

  it("offers no Add todo where todos are not offered", () => {
    mockApi({});
    renderScreen(<MessageItem {...plainMessage} />);
    expect(screen.queryByRole("button", { name: "Add todo for message 3" })).toBeNull();
  });
});

describe("planning events in the timeline", () => {
  const event = (data: TIssueEvent["data"]): TIssueEvent => ({
    id: 1,
    issue_number: N,
    audience: "all",
    actor: { user_id: 7, name: "Erin Engineer", is_engineer: true },
    after_message_index: 0,
    data,
    created_at: "2026-01-01T10:00:00Z",
  });
  const start = "2026-03-02T14:00:00Z";
  const startText = new Date(start).toLocaleString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });

  it.each([
    [
      { type: "meeting_scheduled", meeting_id: 1, title: "Kick-off", start_time: start, end_time: start },
      `Erin Engineer scheduled the meeting ‘Kick-off’ for ${startText}`,
    ],
    [
      { type: "meeting_logged", meeting_id: 1, title: "Call", start_time: start },
      `Erin Engineer logged the meeting ‘Call’ of ${startText}`,
    ],
    [
      { type: "meeting_cancelled", meeting_id: 1, title: "Kick-off" },
      "Erin Engineer cancelled the meeting ‘Kick-off’",
    ],
    [{ type: "todo_created", todo_id: 1, title: "Send logs" }, "Erin Engineer added the todo ‘Send logs’"],
    [{ type: "todo_done", todo_id: 1, title: "Send logs" }, "Erin Engineer completed the todo ‘Send logs’"],
  ] as [TIssueEvent["data"], string][])("%o reads “%s”", (data, sentence) => {
    expect(eventSentence(event(data))).toBe(sentence);
  });
});
