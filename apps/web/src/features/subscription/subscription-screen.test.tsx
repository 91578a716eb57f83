/** /subscription: the plan and its term, test mode, §8 failed payment, actions by `abilities`, capacity changes, events. */
import { BILLING_MESSAGES, type TUpgradeEstimate } from "@portico/shared/schemas/billing";
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
import SubscriptionScreen from "./subscription-screen";
import { eventPage, subscriptionDetail, subscriptionEvent, subscriptionResponse } from "./test-fixtures";

const BASE = "/api/auth/subscription";
const owner = { ...testCustomer, roles: ["account_owner"] };
const engineer = {
  ...testCustomer,
  userId: 9,
  name: "Eve Engineer",
  isEngineer: true,
  accountId: 7,
  companyName: "Globex",
};

function setup(routes: Record<string, Handler | object> = {}, user: object = owner) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [`GET ${BASE}`]: subscriptionResponse(),
    [`GET ${BASE}/events`]: eventPage([subscriptionEvent(1)]),
    ...routes,
  });
  return { ...renderScreen(<SubscriptionScreen />, { path: "/subscription" }), fetchMock };
}

const urlOf = (fetchMock: ReturnType<typeof mockApi>, call: string) => {
  const index = calls(fetchMock).lastIndexOf(call);
  return new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
};
const bodyOfCall = (fetchMock: ReturnType<typeof mockApi>, call: string) =>
  bodyOf(fetchMock, calls(fetchMock).lastIndexOf(call));

function estimate(over: Partial<TUpgradeEstimate> = {}): TUpgradeEstimate {
  return {
    kind: "upgrade",
    contact_sales: false,
    self_serve_cap_tib: 400,
    current: null,
    target: {
      plan: "ENTERPRISE",
      plan_version: 2,
      currency: "USD",
      capacity_tib: 75,
      per_tib_month_minor: 2000,
      monthly_minor: 150000,
      term_minor: 1800000,
      term_months: 12,
    },
    credit_minor: 0,
    charge_minor: 0,
    amount_due_minor: 45_678,
    next_renewal_minor: 1_800_000,
    period_end: "2027-03-01T09:00:00Z",
    remaining_days: 120,
    ...over,
  };
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/subscription", () => {
  it("shows the plan, status, capacity, SLA, term, next invoice, provider, card, account type and products", async () => {
    const { fetchMock } = setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Subscription" })).toBeInTheDocument();
    expect(await screen.findByText("ENTERPRISE")).toBeInTheDocument();
    expect(screen.getByText("v2")).toBeInTheDocument();
    expect(screen.getByText("Active")).toBeInTheDocument();
    expect(screen.getByText("(minimum 10 TiB)")).toBeInTheDocument();
    expect(screen.getAllByText(/4 hours, 24×7/).length).toBeGreaterThan(0);
    expect(screen.getByText(/^\$1,234\.56 on /)).toBeInTheDocument();
    expect(screen.getByText(/^Renews on /)).toBeInTheDocument();
    expect(screen.getByText("Stripe")).toBeInTheDocument();
    expect(screen.getByText("Visa ending in 4242")).toBeInTheDocument();
    expect(screen.getByText("Subscribed (recurring)")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Subscribed products" })).toBeInTheDocument();
    expect(screen.queryByText("Test mode")).toBeNull();
    expect(screen.queryByText("No support plan")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(urlOf(fetchMock, `GET ${BASE}`).searchParams.get("aid")).toBe("3");
    // Owners of a subscribed organization manage it.
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/upgrade-subscription");
    expect(screen.getByRole("link", { name: "Cancel subscription" })).toHaveAttribute(
      "href",
      "/end-subscription",
    );
    expect(screen.getByRole("button", { name: "Change capacity" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Renew automatically" })).toBeChecked();
  });

  it("says test mode clearly, and flags an organization without support", async () => {
    setup({
      [`GET ${BASE}`]: subscriptionResponse({ test_mode: true, provider: "CHARGEBEE", has_support: false }),
    });
    expect((await screen.findAllByText("Test mode")).length).toBeGreaterThan(0);
    expect(screen.getByText("Chargebee")).toBeInTheDocument();
    expect(screen.getByText("No support plan")).toBeInTheDocument();
  });

  it("shows the §8 text when a charge failed, and a payment still processing with its link", async () => {
    setup({
      [`GET ${BASE}`]: subscriptionResponse({
        payment_failed: true,
        pending_payment: {
          payment_intent_id: "pi_test_1",
          kind: "upgrade",
          status: "processing",
          plan: "ENTERPRISE-PLUS",
          capacity_tib: 100,
          amount_minor: 5000,
          currency: "USD",
          failure_message: null,
          applied: false,
          created_at: "2026-04-01T09:00:00Z",
        },
      }),
    });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(BILLING_MESSAGES.paymentFailed)).toBeInTheDocument();
    expect(screen.getByText(/^Payment processing…/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Follow the payment" })).toHaveAttribute(
      "href",
      "/upgrade-subscription-confirmation?payment_intent=pi_test_1",
    );
  });

  it("shows a skeleton while loading", async () => {
    setup({ [`GET ${BASE}`]: () => new Promise<Response>(() => undefined) });
    expect(await screen.findByText("Loading the subscription")).toBeInTheDocument();
  });

  it("has an empty state with Subscribe as the next step when there is no subscription", async () => {
    setup({
      [`GET ${BASE}`]: subscriptionResponse({
        subscription: null,
        subscribed_products: [],
        provider: null,
        account_type: null,
        abilities: {
          manage: false,
          subscribe: true,
          resubscribe: false,
          end: false,
          reason: BILLING_MESSAGES.noSubscription,
        },
      }),
      [`GET ${BASE}/events`]: eventPage([]),
    });
    expect(await screen.findByText("No subscription yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Subscribe" })).toHaveAttribute("href", "/upgrade-subscription");
    expect(await screen.findByText("No events yet.")).toBeInTheDocument();
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup({
      [`GET ${BASE}`]: () =>
        fail
          ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
          : jsonResponse(subscriptionResponse()),
    });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Visa ending in 4242")).toBeInTheDocument();
  });

  it("shows a plain member the reason instead of the actions", async () => {
    setup(
      {
        [`GET ${BASE}`]: subscriptionResponse({
          abilities: {
            manage: false,
            subscribe: false,
            resubscribe: false,
            end: false,
            reason: BILLING_MESSAGES.ownersOnly,
          },
        }),
      },
      testCustomer,
    );
    expect(await screen.findByText(BILLING_MESSAGES.ownersOnly)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Upgrade" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Change capacity" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Cancel subscription" })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
  });

  it("offers Resubscribe once the subscription has ended", async () => {
    setup({
      [`GET ${BASE}`]: subscriptionResponse({
        subscription: subscriptionDetail({
          status: "canceled",
          ended_at: "2027-03-01T09:00:00Z",
          auto_renew: false,
        }),
        abilities: {
          manage: false,
          subscribe: false,
          resubscribe: true,
          end: false,
          reason: BILLING_MESSAGES.canceled,
        },
      }),
    });
    expect(await screen.findByText("Cancelled")).toBeInTheDocument();
    expect(screen.getByText(/^Ended on /)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Resubscribe" })).toHaveAttribute(
      "href",
      "/upgrade-subscription?resubscribe=1",
    );
    expect(screen.queryByRole("button", { name: "Change capacity" })).toBeNull();
  });

  it("turns auto-renew off and says so", async () => {
    let autoRenew = true;
    const { user, fetchMock } = setup({
      [`GET ${BASE}`]: () =>
        jsonResponse(subscriptionResponse({ subscription: subscriptionDetail({ auto_renew: autoRenew }) })),
      [`POST ${BASE}/auto_renew`]: (_url, init) => {
        autoRenew = (JSON.parse(String(init.body)) as { enabled: boolean }).enabled;
        return jsonResponse({ ok: true });
      },
    });
    await user.click(await screen.findByRole("switch", { name: "Renew automatically" }));
    expect(await screen.findByText(/^Auto-renew is off: the subscription ends on /)).toBeInTheDocument();
    expect(bodyOfCall(fetchMock, `POST ${BASE}/auto_renew`)).toEqual({ enabled: false });
    expect(await screen.findByText("Will not renew")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Renew automatically" })).not.toBeChecked();
  });

  it("shows the cancel date of a subscription set to cancel, and undoes it", async () => {
    let cancelAt: string | null = "2027-03-01T09:00:00Z";
    const { user, fetchMock } = setup({
      [`GET ${BASE}`]: () =>
        jsonResponse(subscriptionResponse({ subscription: subscriptionDetail({ cancel_at: cancelAt }) })),
      [`POST ${BASE}/undo-cancel`]: () => {
        cancelAt = null;
        return jsonResponse({ ok: true });
      },
    });
    expect(await screen.findByText(/^None: cancels on /)).toBeInTheDocument();
    expect(screen.getByText("Set to cancel")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Cancel subscription" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Undo cancellation" }));
    expect(await screen.findByText("The cancellation has been undone.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST ${BASE}/undo-cancel`);
    expect(await screen.findByRole("link", { name: "Cancel subscription" })).toBeInTheDocument();
  });

  it("shows the server's message when a change fails", async () => {
    const { user } = setup({
      [`POST ${BASE}/undo-cancel`]: () =>
        jsonResponse({ error: BILLING_MESSAGES.cancelPassed, status: 400 }, 400),
      [`GET ${BASE}`]: subscriptionResponse({
        subscription: subscriptionDetail({ cancel_at: "2027-03-01T09:00:00Z" }),
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Undo cancellation" }));
    expect(await screen.findByText(BILLING_MESSAGES.cancelPassed)).toBeInTheDocument();
  });
});

describe("/subscription: Change capacity", () => {
  it("masks the input, says what is wrong, shows the prorated charge and posts the new capacity", async () => {
    const { user, fetchMock } = setup({
      [`GET ${BASE}/estimate/upgrade`]: estimate(),
      [`POST ${BASE}/updatequantity`]: { ok: true },
    });
    await user.click(await screen.findByRole("button", { name: "Change capacity" }));
    const dialog = await screen.findByRole("dialog", { name: "Change capacity" });
    const input = within(dialog).getByLabelText("Capacity (TiB)");
    expect(input).toHaveValue("50");
    const submit = within(dialog).getByRole("button", { name: "Change capacity" });

    await user.click(submit);
    expect(await within(dialog).findByText(BILLING_MESSAGES.samePlan)).toBeInTheDocument();

    await user.clear(input);
    await user.click(submit);
    expect(await within(dialog).findByText(BILLING_MESSAGES.capacityRequired)).toBeInTheDocument();

    await user.type(input, "ab-5");
    expect(input).toHaveValue("5");
    await user.click(submit);
    expect(
      await within(dialog).findByText(BILLING_MESSAGES.belowMinimum("ENTERPRISE", 10)),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, "0075");
    expect(input).toHaveValue("75");
    expect(await within(dialog).findByText("$456.78")).toBeInTheDocument();
    expect(within(dialog).getByText("$18,000.00")).toBeInTheDocument();
    const estimateUrl = urlOf(fetchMock, `GET ${BASE}/estimate/upgrade`);
    expect(Object.fromEntries(estimateUrl.searchParams)).toMatchObject({
      service_type: "ENTERPRISE",
      capacity: "75",
      unit: "TiB",
      aid: "3",
    });
    expect(calls(fetchMock)).not.toContain(`POST ${BASE}/updatequantity`);

    await user.click(submit);
    expect(await screen.findByText("Capacity changed to 75 TiB.")).toBeInTheDocument();
    expect(bodyOfCall(fetchMock, `POST ${BASE}/updatequantity`)).toEqual({ product_id: 1, quantity: 75 });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses above the self-serve cap with a way to contact sales", async () => {
    const { user, fetchMock } = setup({
      [`GET ${BASE}/estimate/upgrade`]: estimate({ contact_sales: true, target: null, amount_due_minor: 0 }),
    });
    await user.click(await screen.findByRole("button", { name: "Change capacity" }));
    const dialog = await screen.findByRole("dialog", { name: "Change capacity" });
    const input = within(dialog).getByLabelText("Capacity (TiB)");
    await user.clear(input);
    await user.type(input, "900");
    expect(await within(dialog).findByRole("link", { name: "Contact sales" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Change capacity" }));
    expect(await within(dialog).findByText(BILLING_MESSAGES.aboveCap(400))).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(`POST ${BASE}/updatequantity`);
  });

  it("lowers the capacity without an estimate and shows the server's refusal", async () => {
    const { user, fetchMock } = setup({
      [`POST ${BASE}/updatequantity`]: () =>
        jsonResponse({ error: BILLING_MESSAGES.changeInProgress, status: 409 }, 409),
    });
    await user.click(await screen.findByRole("button", { name: "Change capacity" }));
    const dialog = await screen.findByRole("dialog", { name: "Change capacity" });
    const input = within(dialog).getByLabelText("Capacity (TiB)");
    await user.clear(input);
    await user.type(input, "20");
    expect(within(dialog).getByText(/The rest of this term is not refunded/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Change capacity" }));
    expect(await within(dialog).findByText(BILLING_MESSAGES.changeInProgress)).toBeInTheDocument();
    expect(bodyOfCall(fetchMock, `POST ${BASE}/updatequantity`)).toEqual({ product_id: 1, quantity: 20 });
    expect(calls(fetchMock)).not.toContain(`GET ${BASE}/estimate/upgrade`);
  });
});

describe("/subscription: events", () => {
  it("pages the events; customers see no provider event ids", async () => {
    const { user, fetchMock } = setup({
      [`GET ${BASE}/events`]: (url) => {
        const page = Number(url.searchParams.get("page"));
        return jsonResponse(
          eventPage([subscriptionEvent(page, { summary: `Event on page ${page}` })], 45, page),
        );
      },
    });
    const table = await screen.findByRole("table", { name: "Subscription events" });
    expect(await within(table).findByText("Event on page 1")).toBeInTheDocument();
    expect(within(table).queryByRole("columnheader", { name: "Provider event id" })).toBeNull();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Event on page 2")).toBeInTheDocument();
    const url = urlOf(fetchMock, `GET ${BASE}/events`);
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.get("aid")).toBe("3");
  });

  it("shows engineers the customer's events with provider ids and on-behalf changes", async () => {
    const { fetchMock } = setup(
      {
        [`GET ${BASE}`]: subscriptionResponse({
          account_id: 7,
          company: "Globex",
          abilities: { manage: true, subscribe: false, resubscribe: false, end: true, reason: null },
        }),
        [`GET ${BASE}/events`]: eventPage([
          subscriptionEvent(1, { actor: "Eve Engineer", on_behalf: true, summary: "Capacity 50 → 75 TiB" }),
          subscriptionEvent(2, {
            type: "invoice.paid",
            source: "STRIPE",
            test_mode: true,
            actor: null,
            provider_event_id: "evt_test_42",
            summary: "Renewal paid",
          }),
        ]),
      },
      engineer,
    );
    const table = await screen.findByRole("table", { name: "Subscription events" });
    expect(await within(table).findByText("evt_test_42")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Provider event id" })).toBeInTheDocument();
    expect(within(table).getByText("On behalf")).toBeInTheDocument();
    expect(within(table).getByText("invoice.paid")).toBeInTheDocument();
    expect(urlOf(fetchMock, `GET ${BASE}/events`).searchParams.get("aid")).toBe("7");
    expect(screen.getByRole("link", { name: "end it now" })).toHaveAttribute("href", "/end-subscription");
  });
});
