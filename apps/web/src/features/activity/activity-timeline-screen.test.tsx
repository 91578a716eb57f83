/** /activity/v2: the chart's text version, the day list with weekends and engineers, filters, CSV, empty, errors, customers. */
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { calls, chooseOption, currentUrl, testCustomer } from "../../test/helpers";
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import ActivityTimelineScreen from "./activity-timeline-screen";
import { activityScreenTest, csvExport, day, EXPORT, timeline } from "./test-fixtures";

const TIMELINE = "GET /api/chat/users/activity/v2";
const RANGE = "?from=2026-10-01&to=2026-10-04";

const { setup, setupFailing, lastQuery } = activityScreenTest({
  ui: <ActivityTimelineScreen />,
  path: "/activity/v2",
  query: RANGE,
  route: TIMELINE,
  otherView: { path: "/activity", element: <p>Summary</p> },
});

/** The day list on screen (a cold test run loads the modules slowly). */
const loaded = () => screen.findByRole("table", { name: "Engineer activity per day" }, { timeout: 10_000 });

const dayList = () => screen.getByRole("table", { name: "Engineer activity per day" });

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/activity/v2", { timeout: 20_000 }, () => {
  it("describes the chart in words and lists every day with its weekend badge", async () => {
    const { fetchMock } = setup(timeline());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Engineer activity timeline" }),
    ).toBeInTheDocument();
    // The chart's module (recharts) loads on first use: slow in a cold test run.
    const chart = await screen.findByRole("figure", { name: "Activity per day" }, { timeout: 10_000 });
    expect(lastQuery(fetchMock)).toEqual({ from: "2026-10-01", to: "2026-10-04" });
    expect(chart).toHaveAccessibleDescription(
      "4 days: 13 messages, 4 first responses and 2 issues answered. The busiest day was Thu 1 Oct 2026 with 12 messages. Weekend days are shaded.",
    );

    const rows = within(dayList()).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Thu 1 Oct 2026",
      "Fri 2 Oct 2026",
      "Sat 3 Oct 2026Weekend",
      "Sun 4 Oct 2026Weekend",
    ]);
    const thursday = within(dayList()).getByRole("row", { name: /Thu 1 Oct 2026/ });
    expect(
      within(thursday)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["12", "3", "2", "1", "1 h 5 min", "2 engineers"]);
    expect(within(dayList()).getByRole("row", { name: /Fri 2 Oct 2026/ })).toHaveTextContent("None");
  });

  it("shows a day's engineers on request", async () => {
    const { user } = setup(timeline());
    await loaded();
    const show = screen.getByRole("button", { name: "Show the engineers of Thu 1 Oct 2026" });
    expect(show).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("list", { name: "Engineers of Thu 1 Oct 2026" })).not.toBeInTheDocument();
    await user.click(show);
    const list = screen.getByRole("list", { name: "Engineers of Thu 1 Oct 2026" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Eve Engineer: 10 messages · 3 first responses · 2 issues answered · 1 SLA breach · 1 h 5 min logged",
      "Grace Hopper: 2 messages · 0 first responses · 0 issues answered · 0 SLA breaches · 0 min logged",
    ]);
    await user.click(screen.getByRole("button", { name: "Hide the engineers of Thu 1 Oct 2026" }));
    expect(screen.queryByRole("list", { name: "Engineers of Thu 1 Oct 2026" })).not.toBeInTheDocument();
  });

  it("can leave out the days without activity", async () => {
    const { user } = setup(timeline());
    await loaded();
    await user.click(screen.getByRole("checkbox", { name: "Only days with activity" }));
    expect(
      within(dayList())
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Thu 1 Oct 2026", "Sat 3 Oct 2026Weekend"]);
  });

  it("keeps the question in the address, and the way back to the summary", async () => {
    const { fetchMock, user, router } = setup(timeline());
    await loaded();
    await chooseOption(user, "Engineer", "Eve Engineer");
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ from: "2026-10-01", to: "2026-10-04", user_id: "9" }),
    );
    const back = `/activity${RANGE}&user_id=9`;
    expect(screen.getByRole("link", { name: "Summary per engineer" })).toHaveAttribute("href", back);
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Engineer activity" })).toHaveAttribute("href", back);
    await user.click(screen.getByRole("link", { name: "Summary per engineer" }));
    expect(currentUrl(router)).toBe(back);
  });

  it("downloads the day-by-day CSV", async () => {
    const name = "engineer-activity-daily-2026-10-01-to-2026-10-04.csv";
    const { fetchMock, user } = setup(timeline(), { more: csvExport(name, "date,engineer\n") });
    await loaded();
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await user.click(await screen.findByRole("menuitem", { name: "Day by day" }));
    expect(await screen.findByText(`${name} has been downloaded.`)).toBeInTheDocument();
    expect(lastQuery(fetchMock, EXPORT)).toEqual({ from: "2026-10-01", to: "2026-10-04", view: "daily" });
  });

  it("a range without activity says so, with a next step", async () => {
    setup(timeline({ days: ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-04"].map((d) => day(d)) }));
    expect(await screen.findByText("No engineer activity in this range")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show the last 12 months" })).toBeInTheDocument();
    expect(screen.queryByRole("figure")).not.toBeInTheDocument();
  });

  it("a failure says so and Retry asks again", async () => {
    const { user, recover } = setupFailing(timeline());
    expect(await screen.findByText("Database down")).toBeInTheDocument();
    recover();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await loaded()).toBeInTheDocument();
  });

  it("customers get the engineers-only screen and nothing is asked", async () => {
    const { fetchMock } = setup(timeline(), { viewer: testCustomer });
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(TIMELINE);
  });
});
