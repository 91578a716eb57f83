/** /billing/test-checkout/:id: the test provider's hosted page shows the payment, takes a card and returns to return_url. */
import { BILLING_MESSAGES, TEST_MODE_BASE } from "@portico/shared/schemas/billing";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import TestCheckoutScreen from "./test-checkout-screen";
import type { TTestCheckoutInfo } from "./upgrade-api";

const INFO = `GET ${TEST_MODE_BASE}/checkout/pi_test_7`;
const CONFIRM = `POST ${TEST_MODE_BASE}/payments/pi_test_7/confirm`;
// The app's own address: the page returns inside the app, by route.
const RETURN = `${window.location.origin}/upgrade-subscription-confirmation?payment_intent=pi_test_7`;

function info(over: Partial<TTestCheckoutInfo> = {}): TTestCheckoutInfo {
  return {
    payment_intent_id: "pi_test_7",
    client_secret: "pi_test_7_secret_x",
    company: "Acme",
    description: "ENTERPRISE, 100 TiB for 12 months",
    amount_minor: 30_000_00,
    currency: "EUR",
    status: "requires_payment_method",
    return_url: RETURN,
    ...over,
  };
}

function setup(answer: object | (() => Response) = info()) {
  const fetchMock = mockApi({ [INFO]: answer, [CONFIRM]: { status: "processing", return_url: RETURN } });
  const view = renderScreen(<TestCheckoutScreen />, {
    path: "/billing/test-checkout/:paymentIntentId",
    url: "/billing/test-checkout/pi_test_7",
    routes: [{ path: "/upgrade-subscription-confirmation", element: <p>Confirmation page</p> }],
  });
  return { ...view, fetchMock };
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

describe("/billing/test-checkout/:paymentIntentId", () => {
  it("shows who pays what, takes a test card and returns to the payment's return_url", async () => {
    const { user, fetchMock, router } = setup();
    expect(await screen.findByRole("heading", { level: 1, name: "Test checkout" })).toBeInTheDocument();
    expect(await screen.findByText("Acme")).toBeInTheDocument();
    expect(screen.getByText("ENTERPRISE, 100 TiB for 12 months")).toBeInTheDocument();
    expect(screen.getByText("€30,000.00")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Test mode — no money moves" })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "1230");
    await user.type(screen.getByLabelText("Security code (CVC)"), "123");
    await user.click(screen.getByRole("button", { name: "Pay €30,000.00" }));
    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?payment_intent=pi_test_7");
    expect(calls(fetchMock)).toEqual([INFO, CONFIRM]);
    expect(bodyOf(fetchMock, 1)).toMatchObject({
      client_secret: "pi_test_7_secret_x",
      card_number: "4242424242424242",
    });
  });

  it("a payment already submitted takes no card and goes on", async () => {
    const { user } = setup(info({ status: "processing" }));
    expect(await screen.findByText("This payment has already been submitted.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
  });

  it("an unknown checkout is not found", async () => {
    setup(() => jsonResponse({ error: BILLING_MESSAGES.paymentNotFound, status: 404 }, 404));
    await waitFor(() => expect(screen.getByText(BILLING_MESSAGES.paymentNotFound)).toBeInTheDocument());
  });
});
