/** Shell banners about the subscription (§4 cancel-at, §6 no support, §8 failed payment and expiry). */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { BILLING_MESSAGES, type TSubscriptionResponse } from "@portico/shared/schemas/billing";
import type { QueryClient } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import {
  calls,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import { subscriptionKeys } from "./api";
import { EXPIRED_LICENCE_TEXT, NO_SUPPORT_TEXT, SubscriptionBanners } from "./subscription-banners";

const DAY = 86_400_000;
const customer: TUserInfo = testCustomer;
const engineer: TUserInfo = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true };

function subscription(over: Partial<TSubscriptionResponse> = {}, detail: object = {}): TSubscriptionResponse {
  return {
    account_id: 3,
    company: "Acme",
    test_mode: true,
    provider: "STRIPE",
    currency: "USD",
    account_type: "SUBSCRIBED",
    has_support: true,
    subscription: {
      id: 11,
      plan: "STANDARD",
      plan_version: 1,
      product_id: 1,
      product_name: "Object storage",
      status: "active",
      quantity_tib: 25,
      min_quantity: 10,
      quantity_updated_at: "2026-03-03T12:00:00Z",
      sla_hours: 24,
      sla_coverage: "business-hours",
      current_period_start: "2026-03-03T12:00:00Z",
      current_period_end: new Date(Date.now() + 100 * DAY).toISOString(),
      auto_renew: true,
      cancel_at: null,
      cancel_reason: null,
      ended_at: null,
      next_invoice: null,
      card: null,
      ...detail,
    },
    subscribed_products: [],
    pending_payment: null,
    payment_failed: false,
    abilities: { manage: true, subscribe: false, resubscribe: false, end: false, reason: null },
    ...over,
  };
}

function renderBanners(answer: Handler | object, user: TUserInfo = customer) {
  const fetchMock = mockApi({ "GET /api/auth/subscription": answer });
  const view = renderScreen(
    <>
      <SubscriptionBanners user={user} />
      <p>Screen</p>
    </>,
    { routes: [{ path: "/subscription", element: <h1>Subscription</h1> }] },
  );
  return { ...view, fetchMock };
}

const BANNERS = ["Payment problem", "Subscription ended", "Subscription cancelled", "Support plan"];

function expectNoBanner() {
  for (const name of BANNERS) expect(screen.queryByRole("region", { name })).not.toBeInTheDocument();
}

/** Waits until the subscription query has settled (answered or failed) and the screen rendered it. */
async function settled(queryClient: QueryClient) {
  await waitFor(() =>
    expect(["success", "error"]).toContain(queryClient.getQueryState(subscriptionKeys.detail(3))?.status),
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  sessionStorage.clear();
});

describe("subscription banners", () => {
  it("a failed payment says the §8 text with a link to /subscription, and cannot be dismissed", async () => {
    const { user, router, fetchMock } = renderBanners(subscription({ payment_failed: true }));
    const banner = await screen.findByRole("region", { name: "Payment problem" });
    expect(within(banner).getByText(BILLING_MESSAGES.paymentFailed)).toBeInTheDocument();
    expect(within(banner).queryByRole("button")).not.toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), "http://localhost");
    expect(url.searchParams.get("aid")).toBe("3");
    await user.click(within(banner).getByRole("link", { name: "Update payment method" }));
    expect(currentUrl(router)).toBe("/subscription");
  });

  it("shows nothing for a healthy subscription with support", async () => {
    const { queryClient } = renderBanners(subscription());
    await settled(queryClient);
    expect(screen.getByText("Screen")).toBeInTheDocument();
    expectNoBanner();
    expect(screen.queryByText(BILLING_MESSAGES.paymentFailed)).not.toBeInTheDocument();
  });

  it("warns once the cancel date of a SUBSCRIBED account has passed", async () => {
    renderBanners(subscription({}, { cancel_at: "2026-03-03T12:00:00Z" }));
    const banner = await screen.findByRole("region", { name: "Subscription cancelled" });
    expect(within(banner).getByText("Your subscription was cancelled on 3 March 2026.")).toBeInTheDocument();
    expect(within(banner).getByRole("link", { name: "Resubscribe" })).toHaveAttribute(
      "href",
      "/subscription",
    );
  });

  it("no cancel warning before the date, nor for a CUSTOM account", async () => {
    const future = new Date(Date.now() + 5 * DAY).toISOString();
    const first = renderBanners(subscription({}, { cancel_at: future }));
    await settled(first.queryClient);
    expect(screen.queryByRole("region", { name: "Subscription cancelled" })).not.toBeInTheDocument();
    first.unmount();

    const second = renderBanners(
      subscription({ account_type: "CUSTOM" }, { cancel_at: "2026-03-03T12:00:00Z" }),
    );
    await settled(second.queryClient);
    expect(screen.queryByRole("region", { name: "Subscription cancelled" })).not.toBeInTheDocument();
  });

  it("an ended subscription says the licence is void and the AGPL applies, with Resubscribe, not dismissible", async () => {
    renderBanners(
      subscription(
        { abilities: { manage: false, subscribe: false, resubscribe: true, end: false, reason: null } },
        { status: "canceled", cancel_at: "2027-03-03T12:00:00Z", ended_at: "2027-03-03T12:00:00Z" },
      ),
    );
    const banner = await screen.findByRole("region", { name: "Subscription ended" });
    expect(within(banner).getByText("Your subscription ended on 3 March 2027.")).toBeInTheDocument();
    expect(within(banner).getByText(EXPIRED_LICENCE_TEXT)).toBeInTheDocument();
    expect(EXPIRED_LICENCE_TEXT).toContain("GNU AGPL v3");
    expect(within(banner).getByRole("link", { name: "Resubscribe" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(within(banner).queryByRole("button")).not.toBeInTheDocument();
    // One banner about the end, not a second one about the cancel date.
    expect(screen.queryByRole("region", { name: "Subscription cancelled" })).not.toBeInTheDocument();
  });

  it("an ended CUSTOM plan leads to sales instead", async () => {
    renderBanners(
      subscription({ account_type: "CUSTOM" }, { status: "canceled", ended_at: "2027-03-03T12:00:00Z" }),
    );
    const banner = await screen.findByRole("region", { name: "Subscription ended" });
    expect(within(banner).getByRole("link", { name: "Contact sales" })).toHaveAttribute(
      "href",
      "/upgrade-subscription",
    );
  });

  it("flags an account without support, collapsible for the session to a small flag", async () => {
    const { user, unmount } = renderBanners(subscription({ has_support: false }));
    const banner = await screen.findByRole("region", { name: "Support plan" });
    expect(within(banner).getByText(NO_SUPPORT_TEXT)).toBeInTheDocument();
    expect(within(banner).getByText("No support plan.")).toBeInTheDocument();
    await user.click(within(banner).getByRole("button", { name: "Hide" }));
    expect(screen.queryByRole("region", { name: "Support plan" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "No support plan" })).toHaveAttribute("aria-expanded", "false");
    unmount();

    // Still collapsed on the next screen of this session; the flag opens it again.
    const again = renderBanners(subscription({ has_support: false }));
    await again.user.click(await screen.findByRole("button", { name: "No support plan" }));
    expect(await screen.findByRole("region", { name: "Support plan" })).toBeInTheDocument();
  });

  it("shows nothing while loading or when the subscription cannot be read", async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = renderBanners(() => new Promise<Response>((resolve) => (answer = resolve)));
    await waitFor(() => expect(calls(pending.fetchMock)).toContain("GET /api/auth/subscription"));
    expect(screen.getByText("Screen")).toBeInTheDocument();
    expectNoBanner();
    answer(jsonResponse(subscription({ payment_failed: true })));
    expect(await screen.findByText(BILLING_MESSAGES.paymentFailed)).toBeInTheDocument();
    pending.unmount();

    const failing = renderBanners(() => jsonResponse({ error: "Database busy", status: 500 }, 500));
    await settled(failing.queryClient);
    expectNoBanner();
    expect(screen.queryByText(/Database busy/)).not.toBeInTheDocument();
  });

  it("engineers see a customer's banners marked as that customer's", async () => {
    renderBanners(subscription({ payment_failed: true, has_support: false }), engineer);
    const banner = await screen.findByRole("region", { name: "Payment problem (Acme)" });
    expect(within(banner).getByText("Acme's subscription")).toBeInTheDocument();
    expect(within(banner).getByText(BILLING_MESSAGES.paymentFailed)).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Support plan (Acme)" })).toBeInTheDocument();
  });

  it("customers' banners carry no customer mark", async () => {
    renderBanners(subscription({ payment_failed: true }));
    const banner = await screen.findByRole("region", { name: "Payment problem" });
    expect(within(banner).queryByText("Acme's subscription")).not.toBeInTheDocument();
  });

  it("asks nothing for an engineer in the vendor's own organization, nor without an organization", async () => {
    const vendor = renderBanners(subscription({ payment_failed: true }), {
      ...engineer,
      accountId: 1,
      companyName: "Vendor",
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(vendor.fetchMock)).toEqual([]);
    vendor.unmount();

    const none = renderBanners(subscription({ payment_failed: true }), { ...customer, accountId: null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(none.fetchMock)).toEqual([]);
  });
});
