/** /todos: the list and its filters, create and edit with the shared messages, done, delete, states, the gate. */
import type { TTodo } from "@portico/shared/schemas/todos";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
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
import TodosScreen from "./todos-screen";

const when = "2026-01-01T10:00:00Z";

function todo(id: number, over: Partial<TTodo> = {}): TTodo {
  return {
    id,
    account_id: 3,
    title: `Todo ${id}`,
    description: "",
    owner: null,
    issue_number: null,
    msg_index: null,
    due_date: null,
    is_done: false,
    done_at: null,
    overdue: false,
    created_by: { user_id: 2, name: "Ada Lovelace" },
    created_at: when,
    updated_at: when,
    ...over,
  };
}

const list = (items: TTodo[]) => ({ items, total: items.length, page: 1, page_size: 25 });

function renderTodos(routes: Record<string, Handler | object>, env = "development") {
  const fetchMock = mockApi({
    "GET /api/chat/user": testCustomer,
    "GET /api/auth/deploy_env": { env, sentry_dsn: null },
    ...routes,
  });
  const view = renderScreen(<TodosScreen />, {
    path: "/todos",
    routes: [{ path: "/issues/:n", element: <p>Issue screen</p> }],
  });
  return { ...view, fetchMock };
}

/** The query of the n-th list call. */
function listQueries(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/chat/todos")
    .map((url) => url.searchParams);
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/todos", () => {
  it("lists open todos with their owner, due date, overdue mark and the message they link to", async () => {
    const { user, router } = renderTodos({
      "GET /api/chat/todos": list([
        todo(1, {
          title: "Send the firmware",
          owner: { user_id: 2, name: "Ada Lovelace" },
          due_date: "2025-12-01",
          overdue: true,
          issue_number: 5,
          msg_index: 3,
        }),
        todo(2, { title: "Call back" }),
      ]),
    });
    const row = await screen.findByRole("listitem", { name: "Send the firmware" });
    expect(within(row).getByText("Overdue")).toBeInTheDocument();
    expect(within(row).getByText("Owner: Ada Lovelace")).toBeInTheDocument();
    expect(within(row).getByText("Due 01-12-2025")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Call back" })).queryByText("Overdue")).toBeNull();
    await user.click(within(row).getByRole("link", { name: "#5, message 3" }));
    expect(router.state.location.pathname + router.state.location.search).toBe("/issues/5?msgIndex=3");
  });

  it("asks the server for done, all and only the viewer's todos", async () => {
    const { user, fetchMock } = renderTodos({ "GET /api/chat/todos": list([todo(1)]) });
    await screen.findByRole("listitem", { name: "Todo 1" });
    expect(listQueries(fetchMock).at(-1)?.get("status")).toBe("open");
    await user.click(screen.getByRole("tab", { name: "Done" }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get("status")).toBe("done"));
    await user.click(screen.getByRole("switch", { name: "Mine only" }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get("owner")).toBe("me"));
    await user.click(screen.getByRole("tab", { name: "All" }));
    await waitFor(() => expect(listQueries(fetchMock).at(-1)?.get("status")).toBe("all"));
  });

  it("pages through a long list", async () => {
    const { user, fetchMock } = renderTodos({
      "GET /api/chat/todos": (url) =>
        jsonResponse({ ...list([todo(Number(url.searchParams.get("page")))]), total: 30 }),
    });
    await screen.findByRole("listitem", { name: "Todo 1" });
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("listitem", { name: "Todo 2" })).toBeInTheDocument();
    expect(listQueries(fetchMock).at(-1)?.get("page")).toBe("2");
  });

  it("creates a todo: the shared schema's messages first, then the request and a toast", async () => {
    const { user, fetchMock } = renderTodos({
      "GET /api/chat/todos": list([]),
      "POST /api/chat/todos": (_url, init) =>
        jsonResponse(todo(9, { title: JSON.parse(String(init.body)).title }), 201),
    });
    await user.click(await screen.findByRole("button", { name: "Add todo" }));
    const dialog = await screen.findByRole("dialog", { name: "Add todo" });
    await user.type(within(dialog).getByLabelText("Message number"), "4");
    await user.click(within(dialog).getByRole("button", { name: "Add todo" }));
    expect(await within(dialog).findByText("Todo title is required")).toBeInTheDocument();
    expect(within(dialog).getByText("A message index needs an issue number")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/chat/todos");

    await user.type(within(dialog).getByLabelText("Title"), "Replace the disk");
    await user.type(within(dialog).getByLabelText("Issue number"), "5");
    await user.type(within(dialog).getByLabelText("Due date"), "31-12-2026{Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Add todo" }));
    expect(await screen.findByText("Todo “Replace the disk” added.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("POST /api/chat/todos");
    expect(bodyOf(fetchMock, index)).toEqual({
      title: "Replace the disk",
      description: "",
      owner_id: null,
      due_date: "2026-12-31",
      issue_number: 5,
      msg_index: 4,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = renderTodos({
      "GET /api/chat/todos": list([]),
      "POST /api/chat/todos": () =>
        jsonResponse({ error: "msg_index is past the last message (2)", status: 400 }, 400),
    });
    await user.click(await screen.findByRole("button", { name: "Add todo" }));
    const dialog = await screen.findByRole("dialog", { name: "Add todo" });
    await user.type(within(dialog).getByLabelText("Title"), "Look");
    await user.click(within(dialog).getByRole("button", { name: "Add todo" }));
    expect(await within(dialog).findByText("msg_index is past the last message (2)")).toBeInTheDocument();
  });

  it("edits a todo with PUT", async () => {
    const { user, fetchMock } = renderTodos({
      "GET /api/chat/todos": list([todo(1, { title: "Old title" })]),
      "PUT /api/chat/todos/1": todo(1, { title: "New title" }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit “Old title”" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit todo" });
    const title = within(dialog).getByLabelText("Title");
    await user.clear(title);
    await user.type(title, "New title");
    await user.click(within(dialog).getByRole("button", { name: "Save todo" }));
    expect(await screen.findByText("Todo “New title” saved.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/chat/todos/1"))).toEqual({
      title: "New title",
      description: "",
      owner_id: null,
      due_date: null,
    });
  });

  it("marks a todo done and says so, in the todo's own organization", async () => {
    const { user, fetchMock } = renderTodos({
      "GET /api/chat/todos": list([todo(1)]),
      "PUT /api/chat/todos/1": todo(1, { is_done: true }),
    });
    await user.click(await screen.findByRole("checkbox", { name: "Mark “Todo 1” done" }));
    expect(await screen.findByText("“Todo 1” is done.")).toBeInTheDocument();
    const put = calls(fetchMock).indexOf("PUT /api/chat/todos/1");
    expect(bodyOf(fetchMock, put)).toEqual({ is_done: true });
    expect(new URL(String(fetchMock.mock.calls[put]?.[0]), "http://localhost").searchParams.get("aid")).toBe(
      "3",
    );
  });

  it("deletes a todo after asking", async () => {
    const { user, fetchMock } = renderTodos({
      "GET /api/chat/todos": list([todo(1)]),
      "DELETE /api/chat/todos/1": () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete “Todo 1”" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this todo?" });
    expect(calls(fetchMock)).not.toContain("DELETE /api/chat/todos/1");
    await user.click(within(confirm).getByRole("button", { name: "Delete todo" }));
    expect(await screen.findByText("Todo “Todo 1” deleted.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain("DELETE /api/chat/todos/1");
  });

  it("has an empty state with a next step, and an error with Retry", async () => {
    let fail = true;
    const { user } = renderTodos({
      "GET /api/chat/todos": () =>
        fail ? jsonResponse({ error: "Database unavailable", status: 500 }, 500) : jsonResponse(list([])),
    });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No open todos")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Add todo" })).toHaveLength(2);
  });

  it("says todos are not available where the feature gate is closed", async () => {
    const { fetchMock } = renderTodos({ "GET /api/chat/todos": list([todo(1)]) }, "production");
    expect(await screen.findByText("Todos are not available for your organization yet")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("GET /api/chat/todos");
  });
});
