/** An alert's detail (a notification's message) under its message, on /alerts and in the bell. */
import type { TServerFrame } from "@portico/shared/schemas/conversations";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderScreen } from "../../test/helpers";
import { alertDetail } from "./alert-detail";
import AlertsScreen from "./alerts-screen";
import { AlertsBell } from "./bell";
import { CATEGORIES, makeAlert, makeList, makeSummary } from "./test-data";

vi.mock("../conversations/realtime/chat", () => ({
  useChannel: (_name: string, _handlers: { onFrame: (frame: TServerFrame) => void }) => undefined,
}));

const notice = makeAlert({
  alert_id: 50,
  type: "NOTICE",
  category: "account",
  message: "Planned upgrade on Saturday",
  detail: "The portal is upgraded on Saturday at 10:00 UTC.\nExpect ten minutes without chat.",
  link: "/alerts",
  issue_number: null,
});
const mention = makeAlert();

function api() {
  return mockApi({
    "GET /api/chat/alerts": makeList([notice, mention]),
    "GET /api/chat/alerts/summary": makeSummary(2),
    "GET /api/alert-categories": CATEGORIES,
  });
}

beforeEach(() => {
  Element.prototype.setPointerCapture ??= () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("an alert's detail", () => {
  it("is shown under the message on /alerts, line breaks kept; an alert without one shows none", async () => {
    api();
    renderScreen(<AlertsScreen />, { path: "/alerts" });
    const list = await screen.findByRole("list", { name: "Alerts" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(
      within(first as HTMLElement).getByRole("link", { name: "Planned upgrade on Saturday" }),
    ).toBeInTheDocument();
    const detail = within(first as HTMLElement).getByText(/The portal is upgraded on Saturday/);
    expect(detail.textContent).toBe(notice.detail);
    expect(detail).toHaveClass("whitespace-pre-line");
    expect(within(first as HTMLElement).getByText("Notifications from Portico")).toBeInTheDocument();
    expect(second).not.toHaveTextContent(/upgraded/);
    expect(second).toHaveTextContent(mention.message);
  });

  it("is shown in the bell's newest alerts", async () => {
    api();
    const { user } = renderScreen(<AlertsBell userId={2} />, {
      routes: [{ path: "/alerts", element: <p>Alerts screen</p> }],
    });
    await user.click(await screen.findByRole("button", { name: "Alerts, 2 unread" }));
    const newest = await screen.findByRole("list", { name: "Newest alerts" });
    const link = within(newest).getByRole("link", { name: /Planned upgrade on Saturday/ });
    expect(link).toHaveTextContent("Expect ten minutes without chat.");
  });

  it("blank details count as none", () => {
    expect(alertDetail(makeAlert({ detail: "  \n " }))).toBeNull();
    expect(alertDetail(makeAlert({ detail: null }))).toBeNull();
    expect(alertDetail(notice)).toBe(notice.detail);
  });
});
