import type { TServerFrame } from "@portico/shared/schemas/conversations";
import { act, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { bodyOf, calls, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import AlertsLive from "./alerts-live";
import { TermsBanner } from "./terms-banner";
import { makeSummary, tncAlert } from "./test-data";

const channel = vi.hoisted(() => ({ handlers: new Map<string, (frame: TServerFrame) => void>() }));
vi.mock("../conversations/realtime/chat", () => ({
  useChannel: (name: string, handlers: { onFrame: (frame: TServerFrame) => void }) => {
    channel.handlers.set(name, handlers.onFrame);
  },
}));

const BANNER = "Please review the revised Terms and Conditions.";

function renderBanner(routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/alerts/summary": makeSummary(2, tncAlert),
    ...(routes as Record<string, object>),
  });
  const view = renderScreen(
    <>
      <AlertsLive userId={2} />
      <TermsBanner enabled />
    </>,
    { routes: [{ path: "/terms-and-conditions/:type/:date", element: <p>Terms page</p> }] },
  );
  return { ...view, fetchMock };
}

beforeEach(() => channel.handlers.clear());

describe("terms banner", () => {
  it("shows while there is an unread revised-terms alert, with a link to the revised terms", async () => {
    const { user, router } = renderBanner();
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Read the revised terms" }));
    expect(currentUrl(router)).toBe("/terms-and-conditions/standard/2026-12-01");
  });

  it("OK marks the alert read and the banner goes at once, before the server answers", async () => {
    let answer: (response: Response) => void = () => undefined;
    let tnc: typeof tncAlert | null = tncAlert;
    const { user, fetchMock } = renderBanner({
      "GET /api/chat/alerts/summary": () => jsonResponse(makeSummary(tnc ? 2 : 1, tnc)),
      "PUT /api/chat/alert/90": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(await screen.findByRole("button", { name: "OK" }));
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    const put = calls(fetchMock).indexOf("PUT /api/chat/alert/90");
    expect(put).toBeGreaterThan(-1);
    expect(bodyOf(fetchMock, put)).toEqual({ read: true });
    tnc = null;
    act(() => answer(jsonResponse({ ...tncAlert, read_at: "2026-12-02T08:00:00Z" })));
    await waitFor(() => expect(calls(fetchMock).filter((c) => c.includes("summary")).length).toBe(2));
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it("comes back with an error when marking it read fails", async () => {
    const { user } = renderBanner({
      "PUT /api/chat/alert/90": () => jsonResponse({ error: "Database busy", status: 500, code: 99999 }, 500),
    });
    await user.click(await screen.findByRole("button", { name: "OK" }));
    expect(await screen.findByText("An Error occurred : Database busy")).toBeInTheDocument();
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
  });

  it("goes when it was read in another tab (alerts-read frame)", async () => {
    let tnc: typeof tncAlert | null = tncAlert;
    renderBanner({ "GET /api/chat/alerts/summary": () => jsonResponse(makeSummary(tnc ? 1 : 0, tnc)) });
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    tnc = null;
    act(() => channel.handlers.get("user:2")?.({ type: "alerts-read", channel: "user:2", unread: 0 }));
    await waitFor(() => expect(screen.queryByText(BANNER)).not.toBeInTheDocument());
  });

  it("appears live when the terms are revised (alert frame)", async () => {
    const { queryClient } = renderBanner({ "GET /api/chat/alerts/summary": makeSummary(0) });
    await waitFor(() => expect(queryClient.getQueryData(["alerts", "summary"])).toBeDefined());
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
    act(() =>
      channel.handlers.get("user:2")?.({ type: "alert", channel: "user:2", alert: tncAlert, unread: 1 }),
    );
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
  });

  it("shows nothing without a revised-terms alert", async () => {
    const { fetchMock } = renderBanner({ "GET /api/chat/alerts/summary": makeSummary(3) });
    await waitFor(() => expect(calls(fetchMock)).toContain("GET /api/chat/alerts/summary"));
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });
});
