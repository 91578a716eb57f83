/** /activity: totals, the per-engineer table, SLA breaches, filters in the address, CSV, empty, errors, customers. */
import { defaultRange } from "@portico/shared/rules/date-range";
import { MESSAGES } from "@portico/shared/validation";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { calls, chooseOption, currentUrl, jsonResponse, testCustomer } from "../../test/helpers";
import { ENGINEERS_ONLY } from "../placeholders/placeholder-screen";
import ActivityScreen from "./activity-screen";
import { activityScreenTest, breach, csvExport, EXPORT, emptyReport, report } from "./test-fixtures";

const REPORT = "GET /api/chat/users/activity";
const OCTOBER = "?from=2026-10-01&to=2026-10-31";

const { setup, setupFailing, lastQuery } = activityScreenTest({
  ui: <ActivityScreen />,
  path: "/activity",
  query: OCTOBER,
  route: REPORT,
  otherView: { path: "/activity/v2", element: <p>v2</p> },
});

async function typeDate(user: ReturnType<typeof setup>["user"], label: string, text: string) {
  const input = screen.getByRole("textbox", { name: label });
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

/** The report on screen (a cold test run loads the table and date picker modules slowly). */
const loaded = () => screen.findByRole("heading", { name: "Per engineer" }, { timeout: 10_000 });

const figure = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling;

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));
afterEach(() => vi.restoreAllMocks());

describe("/activity", { timeout: 20_000 }, () => {
  it("shows the range's totals, every engineer's figures and the missed deadlines", async () => {
    const { fetchMock } = setup(report());
    expect(await screen.findByRole("heading", { level: 1, name: "Engineer activity" })).toBeInTheDocument();
    await loaded();
    expect(lastQuery(fetchMock)).toEqual({ from: "2026-10-01", to: "2026-10-31" });

    expect(figure("Messages sent")).toHaveTextContent("42");
    expect(figure("Issues answered")).toHaveTextContent("7");
    expect(figure("First responses")).toHaveTextContent("5");
    expect(figure("Within SLA")).toHaveTextContent("4 of 5");
    expect(figure("SLA breaches")).toHaveTextContent("2");
    expect(figure("Time logged")).toHaveTextContent("10:05");
    expect(figure("Median first response")).toHaveTextContent("1 h 5 min");
    expect(figure("Median resolution")).toHaveTextContent("1 d 1 h");
    expect(figure("Weekend coverage")).toHaveTextContent("3 of 4");
    expect(figure("Weekend messages")).toHaveTextContent("3");

    const engineers = screen.getByRole("region", { name: "Activity per engineer" });
    const eve = within(engineers).getByRole("row", { name: /Eve Engineer/ });
    for (const text of ["42", "1 h 5 min", "1 h 20 min", "1 d 1 h", "10 h 5 min"])
      expect(within(eve).getByText(text)).toBeInTheDocument();
    const grace = within(engineers).getByRole("row", { name: /Grace Hopper/ });
    expect(within(grace).getAllByText("—")).toHaveLength(3);

    const breaches = screen.getByRole("region", { name: "SLA breaches" });
    const late = within(breaches).getByRole("row", { name: /#42/ });
    expect(within(late).getByRole("link", { name: "#42" })).toHaveAttribute("href", "/issues/42");
    expect(within(late).getByRole("link", { name: "Globex" })).toHaveAttribute("href", "/customers/5");
    expect(within(late).getByText("4 h · 24x7")).toBeInTheDocument();
    expect(within(late).getByText("1 h 35 min")).toBeInTheDocument();
    expect(within(late).getByText("Eve Engineer, Grace Hopper")).toBeInTheDocument();
    const waiting = within(breaches).getByRole("row", { name: /#57/ });
    expect(within(waiting).getByText("24 h · business hours")).toBeInTheDocument();
    expect(within(waiting).getByText("Still waiting")).toBeInTheDocument();
    expect(within(waiting).getByText("Nobody")).toBeInTheDocument();
    expect(screen.getByText(/latest first/)).toBeInTheDocument();

    expect(screen.getByRole("link", { name: "Timeline (v2)" })).toHaveAttribute(
      "href",
      `/activity/v2${OCTOBER}`,
    );
  });

  it("asks for the last 30 days by default and keeps a new range and engineer in the address", async () => {
    const { fetchMock, user, router } = setup(report(), { url: "/activity" });
    await loaded();
    expect(lastQuery(fetchMock)).toEqual(defaultRange());

    await typeDate(user, "From", "01-09-2026");
    await typeDate(user, "To", "30-09-2026");
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ from: "2026-09-01", to: "2026-09-30" }));

    await chooseOption(user, "Engineer", "Grace Hopper");
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ from: "2026-09-01", to: "2026-09-30", user_id: "11" }),
    );
    expect(currentUrl(router)).toBe("/activity?from=2026-09-01&to=2026-09-30&user_id=11");
    expect(screen.getByRole("link", { name: "Timeline (v2)" })).toHaveAttribute(
      "href",
      "/activity/v2?from=2026-09-01&to=2026-09-30&user_id=11",
    );

    await chooseOption(user, "Engineer", "All engineers");
    await waitFor(() => expect(currentUrl(router)).toBe("/activity?from=2026-09-01&to=2026-09-30"));
  });

  it("opens on the engineer and range of a link", async () => {
    const { fetchMock } = setup(report(), { url: `/activity${OCTOBER}&user_id=11` });
    await loaded();
    expect(lastQuery(fetchMock)).toEqual({ from: "2026-10-01", to: "2026-10-31", user_id: "11" });
    expect(screen.getByRole("combobox", { name: "Engineer" })).toHaveTextContent("Grace Hopper");
  });

  it("says 'Showing 100 of N' when the breaches are capped", async () => {
    const many = Array.from({ length: 100 }, (_, i) => breach({ issue_number: 1000 + i }));
    setup(report({ breaches: many, breaches_total: 140 }));
    expect(
      await screen.findByText(
        "Showing 100 of 140, latest deadline first. The SLA breaches CSV has them all.",
      ),
    ).toBeInTheDocument();
  });

  it("a range a link got wrong is told on its field and not asked for", async () => {
    const { fetchMock } = setup(report(), { url: "/activity?from=2026-10-31&to=2026-10-01" });
    expect(await screen.findByText("Correct the dates to see the activity.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.endDateBeforeStart),
    );
    expect(calls(fetchMock)).not.toContain(REPORT);
  });

  it("while the typed range is wrong the figures give way to its problem", async () => {
    const { fetchMock, user } = setup(report());
    await loaded();
    await typeDate(user, "To", "30-09-2026");
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.endDateBeforeStart),
    );
    expect(screen.getByText("Correct the dates to see the activity.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Per engineer" })).not.toBeInTheDocument();
    await typeDate(user, "To", "15-10-2026");
    expect(await loaded()).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({ from: "2026-10-01", to: "2026-10-15" });
  });

  it("the server's refusal of the range shows on its field", async () => {
    setup(() => jsonResponse({ error: MESSAGES.invalidEndDate, status: 400 }, 400));
    expect(await screen.findByText("Correct the dates to see the activity.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "To" })).toHaveAccessibleDescription(
      expect.stringContaining(MESSAGES.invalidEndDate),
    );
  });

  it("a range with no activity offers a longer one", async () => {
    const { fetchMock, user } = setup(emptyReport());
    expect(await screen.findByText("No engineer activity in this range")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Activity per engineer" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show the last 12 months" }));
    await waitFor(() => {
      const { from, to } = lastQuery(fetchMock);
      expect(Math.round((Date.parse(to as string) - Date.parse(from as string)) / 86_400_000)).toBe(364);
    });
  });

  it("a failure says so and Retry asks again", async () => {
    const { user, recover } = setupFailing(report());
    expect(await screen.findByText("Database down")).toBeInTheDocument();
    recover();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await loaded()).toBeInTheDocument();
  });

  it.each([
    ["Summary per engineer", "summary"],
    ["Day by day", "daily"],
    ["SLA breaches", "breaches"],
  ])("Download CSV › %s saves that view of the question on screen", async (item, view) => {
    const name = `engineer-activity-${view}-2026-10-01-to-2026-10-31.csv`;
    const { fetchMock, user } = setup(report(), {
      url: `/activity${OCTOBER}&user_id=9`,
      more: csvExport(name, "engineer,messages\n"),
    });
    await loaded();
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await user.click(await screen.findByRole("menuitem", { name: item }));
    expect(await screen.findByText(`${name} has been downloaded.`)).toBeInTheDocument();
    expect(lastQuery(fetchMock, EXPORT)).toEqual({
      from: "2026-10-01",
      to: "2026-10-31",
      user_id: "9",
      view,
    });
  });

  it("a refused download says why", async () => {
    const { user } = setup(report(), {
      more: { [EXPORT]: () => jsonResponse({ error: "Database down", status: 500 }, 500) },
    });
    await loaded();
    await user.click(screen.getByRole("button", { name: "Download CSV" }));
    await user.click(await screen.findByRole("menuitem", { name: "Summary per engineer" }));
    expect(await screen.findByText("The download failed: Database down")).toBeInTheDocument();
  });

  it("customers get the engineers-only screen and nothing is asked", async () => {
    const { fetchMock } = setup(report(), { viewer: testCustomer });
    expect(await screen.findByText(ENGINEERS_ONLY)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Engineer activity" })).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(REPORT);
  });
});
