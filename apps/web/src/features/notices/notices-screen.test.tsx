/**
 * /notifications: the notices sent with their audience, sender, status and counts; loading, empty
 * and failure states; search and pages; details; live refresh while one is sending; sending from
 * the screen; customers are told it is for engineers.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import { calls, type Handler, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import { noticeListQuery, SENDING_REFRESH_MS, type TNotice } from "./api";
import NoticesScreen from "./notices-screen";
import { engineer, makeNotice, pageOf } from "./test-data";

const everyone = makeNotice(3);
const toOrganizations = makeNotice(2, {
  title: "Firmware 4.2 for your clusters",
  audience: "accounts",
  accounts: [
    { account_id: 2, company: "Acme" },
    { account_id: 4, company: "Globex" },
    { account_id: 5, company: "Initech" },
  ],
  send_email: false,
  emailed_count: 0,
  recipient_count: 9,
  read_count: 0,
  status: "failed",
});
const toUsers = makeNotice(1, {
  title: "Your call-back",
  audience: "users",
  users: [
    { user_id: 5, name: "Ada Lovelace", email: "ada@acme.example" },
    { user_id: 6, name: "Bob Smith", email: "bob@globex.example" },
  ],
  status: "sending",
  recipient_count: 1,
  emailed_count: 1,
  read_count: 0,
  finished_at: null,
});

function setup(routes: Record<string, Handler | object> = {}, user: object = engineer) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/notices": pageOf([everyone, toOrganizations]),
    "POST /api/auth/notices/preview": { recipients: 40, emailed: 31 },
    ...routes,
  });
  return {
    ...renderScreen(<NoticesScreen />, {
      path: "/notifications",
      routes: [{ path: "/customers/:id", element: <p>Customer page</p> }],
    }),
    fetchMock,
  };
}

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), "http://localhost"),
      method: init?.method ?? "GET",
    }))
    .filter((call) => call.method === "GET" && call.url.pathname === "/api/auth/notices");

/** A row of the table once the list has arrived (rendering the table is slow in a busy jsdom). */
const findRow = (name: RegExp) => screen.findByRole("row", { name }, { timeout: 5_000 });

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  Element.prototype.setPointerCapture ??= () => undefined;
});

describe("/notifications", { timeout: 20_000 }, () => {
  it("lists each notice: title, audience, sender, when, status, recipients, e-mailed and read", async () => {
    setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeInTheDocument();
    const row = await findRow(/Planned upgrade 3/);
    for (const text of ["Everyone", "Eve Engineer", "Sent", "40", "31", "12 of 40"])
      expect(within(row).getByText(text)).toBeInTheDocument();
    const other = screen.getByRole("row", { name: /Firmware 4.2/ });
    for (const text of ["3 organizations", "Failed", "9", "No e-mail", "0 of 9"])
      expect(within(other).getByText(text)).toBeInTheDocument();
    const header = screen.getAllByRole("columnheader").map((th) => th.textContent);
    for (const name of [
      "Title",
      "Audience",
      "Sent by",
      "Sent at",
      "Status",
      "Recipients",
      "E-mailed",
      "Read",
    ])
      expect(header.join("|")).toContain(name);
  });

  it("says so while loading", async () => {
    setup({ "GET /api/auth/notices": () => new Promise<Response>(() => undefined) });
    expect(await screen.findByText("Loading Notifications")).toBeInTheDocument();
  });

  it("has an empty state whose next step is sending one", async () => {
    const { user } = setup({ "GET /api/auth/notices": pageOf([]) });
    expect(await screen.findByText("No notifications sent yet")).toBeInTheDocument();
    const buttons = screen.getAllByRole("button", { name: "Send notification" });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1] as HTMLElement);
    expect(await screen.findByRole("dialog", { name: "Send notification" })).toBeInTheDocument();
  });

  it("a failure reads 'Error while listing notices : …' and offers Retry", async () => {
    let fail = true;
    const { user } = setup({
      "GET /api/auth/notices": () =>
        fail
          ? jsonResponse({ error: "Database busy", status: 500, code: 4001 }, 500)
          : jsonResponse(pageOf([everyone])),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Error while listing notices : Database busy");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await findRow(/Planned upgrade 3/)).toBeInTheDocument();
  });

  it("searches by title on the server, and says when nothing matches", async () => {
    const { user, fetchMock } = setup({
      "GET /api/auth/notices": (url: URL) =>
        jsonResponse(url.searchParams.get("q") ? pageOf([]) : pageOf([everyone, toOrganizations])),
    });
    await findRow(/Planned upgrade 3/);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "zebra");
    expect(await screen.findByText("No notification matches your search")).toBeInTheDocument();
    expect(listCalls(fetchMock).at(-1)?.url.searchParams.get("q")).toBe("zebra");
    await user.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await findRow(/Planned upgrade 3/)).toBeInTheDocument();
  });

  it("pages through the server's pages", async () => {
    const { user, fetchMock } = setup({
      "GET /api/auth/notices": (url: URL) => {
        const page = Number(url.searchParams.get("page"));
        return jsonResponse(
          pageOf([makeNotice(100 - page, { title: `Notice on page ${page}` })], { total: 30, page }),
        );
      },
    });
    await findRow(/Notice on page 1/);
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await findRow(/Notice on page 2/)).toBeInTheDocument();
    expect(listCalls(fetchMock).at(-1)?.url.searchParams.get("page_size")).toBe("25");
  });

  it("Details shows the message and the chosen organizations (links to their pages) or users", async () => {
    const { user, fetchMock } = setup({
      "GET /api/auth/notices": pageOf([toOrganizations, toUsers]),
      "GET /api/auth/notices/2": toOrganizations,
      "GET /api/auth/notices/1": { ...toUsers, status: "sent" },
    });
    await user.click(await screen.findByRole("button", { name: "Firmware 4.2 for your clusters" }));
    let dialog = await screen.findByRole("dialog", { name: "Firmware 4.2 for your clusters" });
    expect(within(dialog).getByText(/The portal is upgraded on Saturday/)).toBeInTheDocument();
    for (const company of ["Acme", "Globex", "Initech"])
      expect(within(dialog).getByRole("link", { name: company })).toHaveAttribute(
        "href",
        `/customers/${company === "Acme" ? 2 : company === "Globex" ? 4 : 5}`,
      );
    expect(calls(fetchMock)).toContain("GET /api/auth/notices/2");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Firmware 4.2 for your clusters" })).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Your call-back" }));
    dialog = await screen.findByRole("dialog", { name: "Your call-back" });
    expect(within(dialog).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(dialog).getByText("(bob@globex.example)")).toBeInTheDocument();
    // The server's copy replaces the row's: delivered since.
    expect(await within(dialog).findByText("Sent")).toBeInTheDocument();
  });

  it("reads the list again while a notice is sending, until it is sent", async () => {
    let delivered = false;
    const { fetchMock } = setup({
      "GET /api/auth/notices": () => {
        const page = pageOf([delivered ? { ...toUsers, status: "sent", recipient_count: 2 } : toUsers]);
        delivered = true;
        return jsonResponse(page);
      },
    });
    const row = await findRow(/Your call-back/);
    expect(within(row).getByText("Sending…")).toBeInTheDocument();
    await waitFor(
      () => expect(screen.getByRole("row", { name: /Your call-back/ })).toHaveTextContent("Sent"),
      {
        timeout: SENDING_REFRESH_MS * 3,
      },
    );
    expect(listCalls(fetchMock).length).toBeGreaterThanOrEqual(2);
  });

  it("refreshes on a timer only while something is sending", () => {
    const interval = noticeListQuery(1, "").refetchInterval as (query: {
      state: { data: { items: TNotice[] } | undefined };
    }) => number | false;
    expect(interval({ state: { data: pageOf([toUsers]) } })).toBe(SENDING_REFRESH_MS);
    expect(interval({ state: { data: pageOf([everyone, toOrganizations]) } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });

  it("sends from the screen: the list is read again and shows the new notice", async () => {
    let sent = false;
    const fresh = makeNotice(10, { title: "Hello everyone", status: "sending", recipient_count: 0 });
    const { user, fetchMock } = setup({
      "GET /api/auth/notices": () => jsonResponse(pageOf(sent ? [fresh, everyone] : [everyone])),
      "POST /api/auth/notices": () => {
        sent = true;
        return jsonResponse(fresh, 202);
      },
    });
    await findRow(/Planned upgrade 3/);
    await user.click(screen.getByRole("button", { name: "Send notification" }));
    const dialog = await screen.findByRole("dialog", { name: "Send notification" });
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Hello everyone");
    await user.type(within(dialog).getByRole("textbox", { name: "Message" }), "Welcome.");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await user.click(await screen.findByRole("button", { name: "Send to everyone" }));
    expect(await screen.findByText("Sending to 40 users…")).toBeInTheDocument();
    expect(await findRow(/Hello everyone/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Send notification" })).toHaveFocus());
    expect(calls(fetchMock)).toContain("POST /api/auth/notices");
  });

  it("customers are told it is for engineers, and nothing is fetched", async () => {
    const { fetchMock } = setup({}, testCustomer);
    expect(await screen.findByText("This page is available to vendor engineers only.")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("GET /api/auth/notices");
    expect(screen.queryByRole("button", { name: "Send notification" })).not.toBeInTheDocument();
  });
});
