/** /meetings: Upcoming and Past across issues, each linking to its issue; empty, error and Retry. */
import type { TMeeting } from "@portico/shared/schemas/meetings";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
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
import MeetingsScreen from "./meetings-screen";

const hour = 3_600_000;

function meeting(id: number, startsIn: number, over: Partial<TMeeting> = {}): TMeeting {
  return {
    id,
    issue_number: 5,
    issue_title: "Printer on fire",
    account_id: 3,
    kind: "scheduled",
    title: `Meeting ${id}`,
    meeting_link: "https://zoom.us/j/123",
    meeting_url: "/issues/5",
    start_time: new Date(Date.now() + startsIn).toISOString(),
    end_time: new Date(Date.now() + startsIn + hour).toISOString(),
    participants: [{ user_id: 2, name: "Ada Lovelace" }],
    notes: "",
    created_by: { user_id: 7, name: "Erin Engineer" },
    created_at: new Date().toISOString(),
    cancelled_at: null,
    ...over,
  };
}

const page = (items: TMeeting[]) => ({ items, total: items.length, page: 1, page_size: 25 });

function renderMeetings(list: Handler) {
  const fetchMock = mockApi({ "GET /api/chat/user": testCustomer, "GET /api/chat/meetings": list });
  const view = renderScreen(<MeetingsScreen />, {
    path: "/meetings",
    routes: [{ path: "/issues/:n", element: <p>Issue screen</p> }],
  });
  return { ...view, fetchMock };
}

const whenOf = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url) => url.pathname === "/api/chat/meetings")
    .map((url) => url.searchParams.get("when"));

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/meetings", () => {
  it("lists upcoming meetings with Join and a link to their issue; a customer cannot cancel", async () => {
    const { user, router } = renderMeetings((url) =>
      jsonResponse(url.searchParams.get("when") === "past" ? page([]) : page([meeting(1, 2 * hour)])),
    );
    const card = await screen.findByRole("article", { name: "Meeting Meeting 1" });
    const join = within(card).getByRole("link", { name: "Join Meeting 1 (opens in a new tab)" });
    expect(join).toHaveAttribute("href", "https://zoom.us/j/123");
    expect(join).toHaveAttribute("target", "_blank");
    expect(within(card).queryByRole("button", { name: "Cancel meeting" })).toBeNull();
    expect(within(card).getByText("With Ada Lovelace")).toBeInTheDocument();
    await user.click(within(card).getByRole("link", { name: "#5 Printer on fire" }));
    expect(currentUrl(router)).toBe("/issues/5");
  });

  it("shows past meetings on the Past tab, with an empty state on the other", async () => {
    const { user, fetchMock } = renderMeetings((url) =>
      jsonResponse(
        url.searchParams.get("when") === "past"
          ? page([meeting(2, -3 * hour, { kind: "logged", notes: "Agreed to upgrade" })])
          : page([]),
      ),
    );
    expect(await screen.findByText("No upcoming meetings")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Past" }));
    const card = await screen.findByRole("article", { name: "Meeting Meeting 2" });
    expect(within(card).getByText("Logged")).toBeInTheDocument();
    expect(within(card).getByText("Agreed to upgrade")).toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: /^Join/ })).toBeNull();
    await waitFor(() => expect(whenOf(fetchMock)).toEqual(["upcoming", "past"]));
  });

  it("shows the failure with Retry", async () => {
    let fail = true;
    const { user } = renderMeetings(() =>
      fail
        ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
        : jsonResponse(page([meeting(3, hour)])),
    );
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("article", { name: "Meeting Meeting 3" })).toBeInTheDocument();
  });
});
