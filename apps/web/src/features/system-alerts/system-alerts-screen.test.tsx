/** /system-alerts: the engineers' list, posting, editing, clearing; empty, error and customers. */
import type { TSystemAlert } from "@portico/shared/schemas/system-alerts";
import { MESSAGES } from "@portico/shared/validation";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import SystemAlertsScreen from "./system-alerts-screen";

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, accountId: 1 };
const LIST = "GET /api/auth/system-alerts";
const POST = "POST /api/auth/system-alerts";
const HOUR = 3_600_000;

function systemAlert(id: number, over: Partial<TSystemAlert> = {}): TSystemAlert {
  return {
    id,
    level: "warning",
    message: `Alert ${id}`,
    starts_at: "2026-11-24T09:00:00Z",
    ends_at: null,
    state: "live",
    created_by_name: "Eve Engineer",
    created_at: "2026-11-24T09:00:00Z",
    updated_at: "2026-11-24T09:00:00Z",
    cleared_at: null,
    cleared_by_name: null,
    ...over,
  };
}

const page = (items: TSystemAlert[]) => ({ items, total: items.length, page: 1, page_size: 25 });

function setup(routes: Record<string, Handler | object>, user: object = engineer) {
  const fetchMock = mockApi({ "GET /api/chat/user": user, ...routes });
  return { ...renderScreen(<SystemAlertsScreen />, { path: "/system-alerts" }), fetchMock };
}

/** Posts with the request's body, answering as the server would. */
function recorder(answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  const handler: Handler = (_url, init) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    bodies.push(body);
    return answer(body);
  };
  return { bodies, handler };
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

// Dialog journeys type into several fields: under a loaded machine they take seconds.
describe("/system-alerts", { timeout: 20_000 }, () => {
  it("lists the alerts with level, state, window and who posted them", async () => {
    setup({
      [LIST]: page([
        systemAlert(2, { level: "critical", message: "Sign-in is down", state: "live" }),
        systemAlert(1, {
          level: "info",
          message: "Old news",
          state: "cleared",
          cleared_at: "2026-11-24T10:00:00Z",
          cleared_by_name: "Ada Admin",
        }),
      ]),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "System alerts" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "System alerts" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Critical");
    expect(rows[0]).toHaveTextContent("Sign-in is down");
    expect(rows[0]).toHaveTextContent("Live");
    expect(rows[0]).toHaveTextContent("When cleared");
    expect(
      within(rows[0] as HTMLElement).getByRole("button", { name: "Edit Sign-in is down" }),
    ).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Cleared");
    expect(rows[1]).toHaveTextContent("By Ada Admin");
    expect(within(rows[1] as HTMLElement).queryByRole("button")).not.toBeInTheDocument();
  });

  it("offers to post the first one when there is none", async () => {
    const { user } = setup({ [LIST]: page([]) });
    expect(await screen.findByText("No system alerts yet")).toBeInTheDocument();
    const buttons = screen.getAllByRole("button", { name: "New system alert" });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "New system alert" })).toBeInTheDocument();
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup({
      [LIST]: () =>
        fail ? jsonResponse({ error: "Database busy", status: 500 }, 500) : jsonResponse(page([])),
    });
    expect(await screen.findByText("Database busy")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No system alerts yet")).toBeInTheDocument();
  });

  it("posts an alert shown now until cleared, with feedback and the list read again", async () => {
    let items: TSystemAlert[] = [];
    const post = recorder((body) => {
      items = [systemAlert(5, { level: body.level as "critical", message: String(body.message) })];
      return jsonResponse(items[0], 201);
    });
    const { user, fetchMock } = setup({ [LIST]: () => jsonResponse(page(items)), [POST]: post.handler });
    await screen.findByText("No system alerts yet");
    await user.click(screen.getAllByRole("button", { name: "New system alert" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New system alert" });
    await user.click(within(dialog).getByRole("combobox", { name: "Level" }));
    await user.click(await screen.findByRole("option", { name: "Critical" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "  Uploads are down  ");
    await user.click(within(dialog).getByRole("button", { name: "Post alert" }));
    expect(await screen.findByText("System alert posted")).toBeInTheDocument();
    expect(post.bodies).toEqual([
      { level: "critical", message: "Uploads are down", starts_at: null, ends_at: null },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Uploads are down")).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c === LIST).length).toBeGreaterThan(1);
  });

  it("sends a window in the browser's time zone", async () => {
    const post = recorder(() => jsonResponse(systemAlert(6), 201));
    const { user } = setup({ [LIST]: page([]), [POST]: post.handler });
    await screen.findByText("No system alerts yet");
    await user.click(screen.getAllByRole("button", { name: "New system alert" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New system alert" });
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Planned work");
    await user.type(within(dialog).getByRole("textbox", { name: "Start date" }), "10-01-2030{Enter}");
    await user.type(within(dialog).getByLabelText("Start time"), "22:00");
    await user.type(within(dialog).getByRole("textbox", { name: "End date" }), "11-01-2030{Enter}");
    await user.type(within(dialog).getByLabelText("End time"), "02:30");
    await user.click(within(dialog).getByRole("button", { name: "Post alert" }));
    await screen.findByText("System alert posted");
    expect(post.bodies[0]).toEqual({
      level: "info",
      message: "Planned work",
      starts_at: new Date(2030, 0, 10, 22, 0).toISOString(),
      ends_at: new Date(2030, 0, 11, 2, 30).toISOString(),
    });
  });

  it.each([
    ["an end before the start", "10-01-2030", "22:00", "09-01-2030", "", MESSAGES.endDateBeforeStart],
    ["an end in the past", "", "", "01-01-2020", "", MESSAGES.invalidEndDate],
  ])("refuses %s beside the end date without asking the server", async (_n, sd, st, ed, et, message) => {
    const { user, fetchMock } = setup({ [LIST]: page([]) });
    await screen.findByText("No system alerts yet");
    await user.click(screen.getAllByRole("button", { name: "New system alert" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New system alert" });
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
    if (sd) await user.type(within(dialog).getByRole("textbox", { name: "Start date" }), `${sd}{Enter}`);
    if (st) await user.type(within(dialog).getByLabelText("Start time"), st);
    if (ed) await user.type(within(dialog).getByRole("textbox", { name: "End date" }), `${ed}{Enter}`);
    if (et) await user.type(within(dialog).getByLabelText("End time"), et);
    await user.click(within(dialog).getByRole("button", { name: "Post alert" }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole("textbox", { name: "End date" })).toHaveAttribute("aria-invalid", "true");
    expect(calls(fetchMock)).not.toContain(POST);
  });

  it("asks for a message", async () => {
    const { user, fetchMock } = setup({ [LIST]: page([]) });
    await screen.findByText("No system alerts yet");
    await user.click(screen.getAllByRole("button", { name: "New system alert" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New system alert" });
    await user.click(within(dialog).getByRole("button", { name: "Post alert" }));
    expect(await within(dialog).findByText("Message is required")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(POST);
  });

  it("puts the server's refusal beside its field", async () => {
    const { user } = setup({
      [LIST]: page([]),
      [POST]: () => jsonResponse({ error: MESSAGES.invalidEndDate, status: 400 }, 400),
    });
    await screen.findByText("No system alerts yet");
    await user.click(screen.getAllByRole("button", { name: "New system alert" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New system alert" });
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Hello");
    const soon = new Date(Date.now() + 2 * HOUR);
    const pad = (n: number) => String(n).padStart(2, "0");
    await user.type(
      within(dialog).getByRole("textbox", { name: "End date" }),
      `${pad(soon.getDate())}-${pad(soon.getMonth() + 1)}-${soon.getFullYear()}{Enter}`,
    );
    await user.type(
      within(dialog).getByLabelText("End time"),
      `${pad(soon.getHours())}:${pad(soon.getMinutes())}`,
    );
    await user.click(within(dialog).getByRole("button", { name: "Post alert" }));
    expect(await within(dialog).findByText(MESSAGES.invalidEndDate)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "New system alert" })).toBeInTheDocument();
  });

  it("edits an alert with its values filled in", async () => {
    const put = recorder((body) => jsonResponse(systemAlert(3, { message: String(body.message) })));
    const { user } = setup({
      [LIST]: page([systemAlert(3, { message: "Slow uploads", starts_at: "2026-11-24T09:15:00Z" })]),
      "PUT /api/auth/system-alerts/3": put.handler,
    });
    await user.click(await screen.findByRole("button", { name: "Edit Slow uploads" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit system alert" });
    const message = within(dialog).getByRole("textbox", { name: "Message" });
    expect(message).toHaveValue("Slow uploads");
    await user.clear(message);
    await user.type(message, "Uploads are slow in Europe");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("System alert saved")).toBeInTheDocument();
    expect(put.bodies).toEqual([
      {
        level: "warning",
        message: "Uploads are slow in Europe",
        starts_at: new Date("2026-11-24T09:15:00Z").toISOString(),
        ends_at: null,
      },
    ]);
  });

  it("clears an alert after a confirmation", async () => {
    let cleared = false;
    const { user, fetchMock } = setup({
      [LIST]: () =>
        jsonResponse(
          page([systemAlert(4, { message: "Sign-in is down", ...(cleared ? { state: "cleared" } : {}) })]),
        ),
      "POST /api/auth/system-alerts/4/clear": () => {
        cleared = true;
        return jsonResponse(systemAlert(4, { state: "cleared" }));
      },
    });
    await user.click(await screen.findByRole("button", { name: "Clear Sign-in is down" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Clear this system alert?" });
    await user.click(within(confirm).getByRole("button", { name: "Clear alert" }));
    expect(await screen.findByText("System alert cleared")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain("POST /api/auth/system-alerts/4/clear");
    expect(
      bodyOf(fetchMock, calls(fetchMock).indexOf("POST /api/auth/system-alerts/4/clear")),
    ).toBeUndefined();
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Clear Sign-in is down" })).not.toBeInTheDocument(),
    );
    // The row lost its buttons: focus is on the page's action, not lost.
    await waitFor(() => expect(screen.getAllByRole("button", { name: "New system alert" })[0]).toHaveFocus());
  });

  it("shows customers the engineers-only placeholder and asks for nothing", async () => {
    const { fetchMock } = setup({}, testCustomer);
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(LIST);
  });
});
