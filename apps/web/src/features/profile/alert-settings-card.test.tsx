import { ALERT_MESSAGES } from "@portico/shared/schemas/alerts";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import { CATEGORIES } from "../alerts/test-data";
import { AlertSettingsCard } from "./alert-settings-card";

const customerSubscriptions = [
  { type: "ISSUE_REPLY", enabled: true, mandatory: false },
  { type: "MENTION", enabled: false, mandatory: false },
  { type: "MEETING", enabled: true, mandatory: false },
  { type: "TODO_DUE", enabled: true, mandatory: false },
  { type: "TNC_UPDATE", enabled: true, mandatory: true },
];

function renderCard(routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({
    "GET /api/alert-subscriptions": customerSubscriptions,
    "GET /api/alert-categories": CATEGORIES,
    ...(routes as Record<string, object>),
  });
  return { ...renderScreen(<AlertSettingsCard />), fetchMock };
}

beforeEach(() => {
  Element.prototype.setPointerCapture ??= () => undefined;
});

describe("alert settings", () => {
  it("lists the viewer's alert types by category, mandatory ones on, disabled, Always on", async () => {
    renderCard();
    expect(screen.getByText("Loading your alert settings")).toBeInTheDocument();
    const issues = await screen.findByRole("group", { name: "Issues" });
    expect(
      within(issues)
        .getAllByRole("switch")
        .map((s) => s.getAttribute("aria-checked")),
    ).toEqual(["true", "false"]);
    expect(within(issues).getByRole("switch", { name: "Mentions" })).not.toBeChecked();
    const planning = screen.getByRole("group", { name: "Planning" });
    expect(within(planning).getAllByRole("switch")).toHaveLength(2);
    const terms = within(screen.getByRole("group", { name: "Account" })).getByRole("switch", {
      name: "Revised Terms and Conditions",
    });
    expect(terms).toBeChecked();
    expect(terms).toBeDisabled();
    expect(terms).toHaveAccessibleDescription("Always on");
    // Engineers-only types the server did not list (panics, assignments) are not offered.
    expect(screen.queryByRole("switch", { name: "Panic issues" })).not.toBeInTheDocument();
  });

  it("a switch applies at once with a confirmation", async () => {
    const { user, fetchMock } = renderCard({
      "PUT /api/alert-subscriptions": customerSubscriptions.map((s) =>
        s.type === "MENTION" ? { ...s, enabled: true } : s,
      ),
    });
    await user.click(await screen.findByRole("switch", { name: "Mentions" }));
    expect(await screen.findByText("Mentions: on.")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Mentions" })).toBeChecked();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/alert-subscriptions"))).toEqual({
      type: "MENTION",
      enabled: true,
    });
  });

  it("a refusal says so in the §8 words and the switch stays", async () => {
    const { user } = renderCard({
      "PUT /api/alert-subscriptions": () =>
        jsonResponse({ error: ALERT_MESSAGES.mandatory, status: 400, code: 99999 }, 400),
    });
    await user.click(await screen.findByRole("switch", { name: "Replies on issues you follow" }));
    expect(await screen.findByText(`An Error occurred : ${ALERT_MESSAGES.mandatory}`)).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Replies on issues you follow" })).toBeChecked();
  });

  it("a failed load shows the §8 text and Retry", async () => {
    let fail = true;
    const { user } = renderCard({
      "GET /api/alert-subscriptions": () =>
        fail
          ? jsonResponse({ error: "Database busy", status: 400, code: 99999 }, 400)
          : jsonResponse(customerSubscriptions),
    });
    expect(await screen.findByText("An Error occurred : Database busy")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("switch", { name: "Mentions" })).toBeInTheDocument();
  });
});

describe("SLA breach alerts (issue 18)", () => {
  it("an engineer finds them among the issue alerts and may turn them off", async () => {
    const engineerSubscriptions = [
      { type: "ISSUE_ASSIGNED", enabled: true, mandatory: false },
      { type: "PANIC", enabled: true, mandatory: true },
      { type: "SLA_BREACH", enabled: true, mandatory: false },
    ];
    const { user, fetchMock } = renderCard({
      "GET /api/alert-subscriptions": engineerSubscriptions,
      "PUT /api/alert-subscriptions": engineerSubscriptions.map((s) =>
        s.type === "SLA_BREACH" ? { ...s, enabled: false } : s,
      ),
    });
    const issues = await screen.findByRole("group", { name: "Issues" });
    const sla = within(issues).getByRole("switch", {
      name: "First responses overdue under the customer's SLA",
    });
    expect(sla).toBeChecked();
    await user.click(sla);
    expect(
      await screen.findByText("First responses overdue under the customer's SLA: off."),
    ).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/alert-subscriptions"))).toEqual({
      type: "SLA_BREACH",
      enabled: false,
    });
  });
});
