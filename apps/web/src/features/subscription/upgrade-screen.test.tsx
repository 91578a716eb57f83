/** /upgrade-subscription: plans and the live estimate, §5 capacity, contact sales, consent, the payment calls in order, resubscribe, hosted checkouts, who may. */
import {
  BILLING_MESSAGES,
  SUBSCRIPTION_BASE,
  TEST_MODE_BASE,
  type TSubscriptionResponse,
} from "@portico/shared/schemas/billing";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
import { subscriptionDetail, subscriptionResponse } from "./test-fixtures";
import { PLANS, payment, preparedPayment, upgradeEstimate } from "./upgrade-fixtures";
import UpgradeScreen from "./upgrade-screen";

const owner = { ...testCustomer, roles: ["account_owner"] };
const ESTIMATE = `GET ${SUBSCRIPTION_BASE}/estimate/upgrade`;
const PREPARE = `POST ${SUBSCRIPTION_BASE}/upgrade/prepare`;
const UPGRADE = `POST ${SUBSCRIPTION_BASE}/upgrade`;
const CONFIRM = `POST ${TEST_MODE_BASE}/payments/pi_test_1/confirm`;
const STANDARD_25 = subscriptionResponse({
  subscription: { ...subscriptionDetail(), plan: "STANDARD", quantity_tib: 25 },
});

function setup({
  routes = {},
  subscription = STANDARD_25,
  user = owner,
  url = "/upgrade-subscription",
}: {
  routes?: Record<string, Handler | object>;
  subscription?: TSubscriptionResponse;
  user?: object;
  url?: string;
} = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [`GET ${SUBSCRIPTION_BASE}`]: subscription,
    [`GET ${SUBSCRIPTION_BASE}/upgrade/plans`]: PLANS,
    [ESTIMATE]: upgradeEstimate(),
    ...routes,
  });
  const view = renderScreen(<UpgradeScreen />, {
    path: "/upgrade-subscription",
    url,
    routes: [{ path: "/upgrade-subscription-confirmation", element: <p>Confirmation page</p> }],
  });
  return { ...view, fetchMock };
}

const lastUrl = (fetchMock: ReturnType<typeof mockApi>, call: string) => {
  const index = calls(fetchMock).lastIndexOf(call);
  return new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
};
const bodyOfCall = (fetchMock: ReturnType<typeof mockApi>, call: string) =>
  bodyOf(fetchMock, calls(fetchMock).lastIndexOf(call));

async function chooseEnterprise100(user: ReturnType<typeof setup>["user"]) {
  await user.click(await screen.findByRole("radio", { name: "ENTERPRISE" }));
  const capacity = screen.getByLabelText("Capacity");
  await user.clear(capacity);
  await user.type(capacity, "100");
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});
afterEach(() => vi.unstubAllGlobals());

describe("/upgrade-subscription", () => {
  it("offers the plans as cards (SLA, price per TiB per month, the current plan marked) and prices the change", async () => {
    const { user, fetchMock } = setup();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Upgrade subscription" }),
    ).toBeInTheDocument();
    const standard = await screen.findByRole("radio", { name: "STANDARD" });
    expect(standard).toBeChecked();
    expect(standard).toHaveAccessibleDescription(
      "24-hour response, business hours $10.00 per TiB per month Your current plan.",
    );
    expect(within(standard).getByText("Current plan")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "ENTERPRISE" })).toHaveAccessibleDescription(
      "4-hour response, 24×7 $25.00 per TiB per month",
    );
    expect(screen.getByLabelText("Capacity")).toHaveValue("25");
    // A first subscription only chooses the currency.
    expect(screen.queryByRole("radiogroup", { name: "Currency" })).toBeNull();

    await chooseEnterprise100(user);
    const estimate = await screen.findByRole("region", { name: "Estimate" });
    await waitFor(() =>
      expect(lastUrl(fetchMock, ESTIMATE).searchParams.get("service_type")).toBe("ENTERPRISE"),
    );
    const query = lastUrl(fetchMock, ESTIMATE).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      service_type: "ENTERPRISE",
      capacity: "100",
      unit: "TiB",
      aid: "3",
    });
    // Typing is debounced: one estimate per settled value, not one per key.
    expect(calls(fetchMock).filter((call) => call === ESTIMATE).length).toBeLessThanOrEqual(2);
    const line = (name: string) => within(estimate).getByText(name).nextElementSibling?.textContent;
    expect(line("Credit for the unused current term")).toBe("−$1,500.00");
    expect(line("Charge for the rest of the term")).toBe("$15,000.00");
    expect(line("Amount due now")).toBe("$13,500.00");
    expect(line("Next renewal")).toMatch(/^\$30,000\.00 on /);
  });

  it("keeps the capacity to §5 as typed: digits only, no leading zeros, 9 at most; and requires it", async () => {
    const { user, fetchMock } = setup();
    const capacity = await screen.findByLabelText("Capacity");
    expect(capacity).toHaveAttribute("inputmode", "numeric");
    await user.clear(capacity);
    await user.type(capacity, "0a1.2-3e4");
    expect(capacity).toHaveValue("1234");
    await user.clear(capacity);
    await user.paste("00012345678901");
    expect(capacity).toHaveValue("123456789");
    await user.clear(capacity);
    expect(await screen.findByText("Enter a capacity to see the price.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Capacity is required")).toBeInTheDocument();
    expect(capacity).toHaveAttribute("aria-invalid", "true");
    expect(calls(fetchMock)).not.toContain(PREPARE);
  });

  it("asks for consent, with links to the plan's terms and the privacy policy", async () => {
    const { user, fetchMock } = setup();
    await chooseEnterprise100(user);
    expect(screen.getByRole("link", { name: "Read the terms" })).toHaveAttribute(
      "href",
      "/terms-and-conditions/enterprise",
    );
    expect(screen.getByRole("link", { name: "Read the privacy policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText(BILLING_MESSAGES.consentRequired)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(PREPARE);
    await user.click(screen.getByRole("radio", { name: "STANDARD" }));
    await user.clear(screen.getByLabelText("Capacity"));
    await user.type(screen.getByLabelText("Capacity"), "20");
    expect(screen.getByRole("link", { name: "Read the terms" })).toHaveAttribute(
      "href",
      "/terms-and-conditions/standard",
    );
  });

  it("above the plan's cap sends the contact-sales form instead of a payment, and answers with §8", async () => {
    const { user, fetchMock } = setup({
      routes: {
        [`POST ${SUBSCRIPTION_BASE}/upgrade/request`]: { message: BILLING_MESSAGES.requestReceived, id: 4 },
      },
    });
    const capacity = await screen.findByLabelText("Capacity");
    await user.clear(capacity);
    await user.type(capacity, "30");
    const form = await screen.findByRole("form", { name: "Contact sales" });
    expect(screen.getByText(`${BILLING_MESSAGES.aboveCap(25)}.`)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Continue to payment" })).toBeNull();
    expect(within(form).getByLabelText("Name")).toHaveValue("Ada Lovelace");
    expect(within(form).getByLabelText("E-mail")).toHaveValue("ada@example.com");
    await user.type(within(form).getByLabelText("Phone"), "+44 20 7946 0000");
    await user.type(within(form).getByLabelText("Message"), "We grow fast.");
    await user.click(within(form).getByRole("button", { name: "Send to sales" }));
    expect(await screen.findByText(BILLING_MESSAGES.requestReceived)).toBeInTheDocument();
    expect(bodyOfCall(fetchMock, `POST ${SUBSCRIPTION_BASE}/upgrade/request`)).toEqual({
      service_type: "STANDARD",
      capacity: "30",
      unit: "TiB",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 20 7946 0000",
      message: "We grow fast.",
    });
    // 1 PiB of ENTERPRISE is above its 400 TiB cap too; the unit counts.
    await user.click(screen.getByRole("radio", { name: "ENTERPRISE" }));
    await user.clear(capacity);
    await user.type(capacity, "1");
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Unit" }));
    await user.click(await screen.findByRole("option", { name: "PiB" }));
    expect(await screen.findByRole("form", { name: "Contact sales" })).toBeInTheDocument();
    expect(screen.getByText(`${BILLING_MESSAGES.aboveCap(400)}.`)).toBeInTheDocument();
  });

  it("the server's contact_sales answer also turns the form to contact sales", async () => {
    const { user } = setup({
      routes: { [ESTIMATE]: upgradeEstimate({ contact_sales: true, self_serve_cap_tib: 50 }) },
    });
    await chooseEnterprise100(user);
    expect(await screen.findByRole("form", { name: "Contact sales" })).toBeInTheDocument();
  });

  it("shows the server's refusal of the estimate (a cheaper plan mid-term)", async () => {
    const { user } = setup({
      routes: { [ESTIMATE]: () => jsonResponse({ error: BILLING_MESSAGES.downgrade, status: 400 }, 400) },
    });
    await chooseEnterprise100(user);
    expect(await screen.findByText(BILLING_MESSAGES.downgrade)).toBeInTheDocument();
  });

  it("pays: prepare, then the card with the client secret, then upgrade, then the confirmation", async () => {
    const { user, fetchMock, router } = setup({
      routes: {
        [PREPARE]: preparedPayment(),
        [CONFIRM]: { status: "processing", return_url: null },
        [UPGRADE]: {
          state: "pending",
          payment: payment({ status: "processing" }),
          subscription: STANDARD_25,
        },
      },
    });
    await chooseEnterprise100(user);
    await user.click(
      screen.getByRole("checkbox", { name: "I accept the Terms and Conditions and the Privacy Policy" }),
    );
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));

    expect(await screen.findByRole("heading", { name: "Test mode — no money moves" })).toBeInTheDocument();
    expect(bodyOfCall(fetchMock, PREPARE)).toEqual({
      service_type: "ENTERPRISE",
      capacity: 100,
      unit: "TiB",
      consent_received: true,
    });
    expect(screen.getByText("$13,500.00")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "1230");
    await user.type(screen.getByLabelText("Security code (CVC)"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $13,500.00" }));

    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?payment_intent=pi_test_1");
    const paid = calls(fetchMock).filter((call) => call.startsWith("POST"));
    expect(paid).toEqual([PREPARE, CONFIRM, UPGRADE]);
    expect(bodyOfCall(fetchMock, CONFIRM)).toMatchObject({ client_secret: "pi_test_1_secret_abc" });
    expect(bodyOfCall(fetchMock, UPGRADE)).toEqual({
      service_type: "ENTERPRISE",
      capacity: 100,
      unit: "TiB",
      consent_received: true,
      payment_intent_id: "pi_test_1",
    });
    expect(lastUrl(fetchMock, UPGRADE).searchParams.get("aid")).toBe("3");
  });

  it("a card the provider takes but whose change cannot be recorded offers to record it again, not to pay again", async () => {
    let attempts = 0;
    const { user, fetchMock } = setup({
      routes: {
        [PREPARE]: preparedPayment(),
        [CONFIRM]: { status: "processing", return_url: null },
        [UPGRADE]: () =>
          ++attempts === 1
            ? jsonResponse({ error: BILLING_MESSAGES.changeInProgress, status: 409 }, 409)
            : jsonResponse({ state: "pending", payment: payment(), subscription: STANDARD_25 }),
      },
    });
    await chooseEnterprise100(user);
    await user.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await user.type(await screen.findByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "1230");
    await user.type(screen.getByLabelText("Security code (CVC)"), "123");
    await user.click(screen.getByRole("button", { name: /^Pay / }));
    expect(await screen.findByText(BILLING_MESSAGES.changeInProgress)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === CONFIRM)).toHaveLength(1);
    expect(calls(fetchMock).filter((call) => call === UPGRADE)).toHaveLength(2);
  });

  it("shows prepare's refusal and stays on the form", async () => {
    const { user } = setup({
      routes: {
        [PREPARE]: () =>
          jsonResponse({ error: BILLING_MESSAGES.belowMinimum("ENTERPRISE", 10), status: 400 }, 400),
      },
    });
    await chooseEnterprise100(user);
    await user.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("The ENTERPRISE plan starts at 10 TiB")).toBeInTheDocument();
    expect(screen.getByLabelText("Capacity")).toBeInTheDocument();
  });

  it("a hosted checkout sends the browser to the provider's page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const url = "http://localhost/billing/test-checkout/pi_test_1";
    const { user } = setup({
      routes: { [PREPARE]: preparedPayment({ checkout: { kind: "hosted", url } }) },
    });
    await chooseEnterprise100(user);
    await user.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
  });

  it("a first subscription chooses its currency: prices and the prepare call follow it", async () => {
    const never = subscriptionResponse({
      subscription: null,
      subscribed_products: [],
      currency: null,
      provider: null,
      account_type: null,
      abilities: {
        manage: false,
        subscribe: true,
        resubscribe: false,
        end: false,
        reason: BILLING_MESSAGES.noSubscription,
      },
    });
    const { user, fetchMock } = setup({
      subscription: never,
      routes: {
        [ESTIMATE]: upgradeEstimate({
          kind: "subscribe",
          current: null,
          credit_minor: 0,
          charge_minor: 0,
          amount_due_minor: 30_000_00,
        }),
        [PREPARE]: preparedPayment({ checkout: { kind: "hosted", url: "http://localhost/x" } }),
      },
    });
    vi.stubGlobal("location", { ...window.location, assign: vi.fn() });
    expect(
      await screen.findByText("Choose a plan and capacity for Acme. A term is 12 months, paid up front."),
    ).toBeInTheDocument();
    const capacity = await screen.findByLabelText("Capacity");
    expect(capacity).toHaveValue("");
    await user.click(screen.getByRole("radio", { name: "Euros (EUR)" }));
    expect(screen.getByRole("radio", { name: "STANDARD" })).toHaveAccessibleDescription(
      /€9\.00 per TiB per month/,
    );
    await user.click(screen.getByRole("radio", { name: "ENTERPRISE" }));
    await user.type(capacity, "100");
    const estimate = await screen.findByRole("region", { name: "Estimate" });
    expect(await within(estimate).findByText("First term (12 months)")).toBeInTheDocument();
    await waitFor(() => expect(lastUrl(fetchMock, ESTIMATE).searchParams.get("currency")).toBe("EUR"));
    await user.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() =>
      expect(bodyOfCall(fetchMock, PREPARE)).toEqual({
        service_type: "ENTERPRISE",
        capacity: 100,
        unit: "TiB",
        currency: "EUR",
        consent_received: true,
      }),
    );
  });

  const ended = (provider: "STRIPE" | "CHARGEBEE") =>
    subscriptionResponse({
      provider,
      subscription: {
        ...subscriptionDetail(),
        status: "canceled",
        ended_at: "2026-08-01T00:00:00Z",
      },
      abilities: {
        manage: false,
        subscribe: false,
        resubscribe: true,
        end: false,
        reason: BILLING_MESSAGES.canceled,
      },
    });

  it("?resubscribe=1 starts again through resubscribe_checkout", async () => {
    const { user, fetchMock } = setup({
      subscription: ended("STRIPE"),
      url: "/upgrade-subscription?resubscribe=1",
      routes: {
        [ESTIMATE]: upgradeEstimate({ kind: "resubscribe", current: null }),
        [`POST ${SUBSCRIPTION_BASE}/resubscribe_checkout`]: preparedPayment({
          payment: payment({ kind: "resubscribe" }),
        }),
      },
    });
    expect(
      await screen.findByText("Start the subscription of Acme again: a new 12-month term from today."),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText("Capacity")).toHaveValue("50");
    await user.click(screen.getByRole("checkbox", { name: /I accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(await screen.findByText("Resubscription")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(PREPARE);
    expect(bodyOfCall(fetchMock, `POST ${SUBSCRIPTION_BASE}/resubscribe_checkout`)).toEqual({
      service_type: "ENTERPRISE",
      capacity: 50,
      unit: "TiB",
      consent_received: true,
    });
  });

  it("a CHARGEBEE account resubscribes on the provider's hosted page", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user, fetchMock } = setup({
      subscription: ended("CHARGEBEE"),
      url: "/upgrade-subscription?resubscribe=1",
      routes: {
        [ESTIMATE]: upgradeEstimate({ kind: "resubscribe", current: null }),
        [`POST ${SUBSCRIPTION_BASE}/chargebee_resubscribe`]: {
          url: "https://acme.chargebee.example/pay/1",
          payment: payment({ kind: "resubscribe" }),
        },
      },
    });
    await user.click(await screen.findByRole("checkbox", { name: /I accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://acme.chargebee.example/pay/1"));
    expect(calls(fetchMock)).not.toContain(`POST ${SUBSCRIPTION_BASE}/resubscribe_checkout`);
  });

  it.each([
    ["a plain user", BILLING_MESSAGES.ownersOnly],
    ["a CUSTOM account", BILLING_MESSAGES.customAccount],
    ["a cancelled subscription", BILLING_MESSAGES.canceled],
  ])("%s reads the reason instead of the form", async (_who, reason) => {
    const { fetchMock } = setup({
      user: testCustomer,
      subscription: subscriptionResponse({
        abilities: { manage: false, subscribe: false, resubscribe: false, end: false, reason },
      }),
    });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See the subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(screen.queryByLabelText("Capacity")).toBeNull();
    expect(calls(fetchMock)).not.toContain(`GET ${SUBSCRIPTION_BASE}/upgrade/plans`);
  });

  it("is usable by keyboard: arrows choose the plan, Tab reaches capacity, unit, consent and the button", async () => {
    const { user } = setup();
    const standard = await screen.findByRole("radio", { name: "STANDARD" });
    await user.click(standard);
    // Radix moves focus (and so the choice) on the next tick, while the key is down, as in a browser.
    await user.keyboard("{ArrowRight>}");
    await waitFor(() => expect(screen.getByRole("radio", { name: "ENTERPRISE" })).toBeChecked());
    await user.keyboard("{/ArrowRight}");
    await user.tab();
    expect(screen.getByLabelText("Capacity")).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("combobox", { name: "Unit" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("checkbox", { name: /I accept/ })).toHaveFocus();
    await user.keyboard(" ");
    expect(screen.getByRole("checkbox", { name: /I accept/ })).toBeChecked();
    await user.tab();
    expect(screen.getByRole("link", { name: "Read the terms" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("link", { name: "Read the privacy policy" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Continue to payment" })).toHaveFocus();
  });
});
