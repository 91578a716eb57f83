/** /upgrade-subscription-confirmation: polls the payment until it is applied, failed or cancelled; no payment, an unknown one. */
import { BILLING_MESSAGES, SUBSCRIPTION_BASE, type TPayment } from "@portico/shared/schemas/billing";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import { PAYMENT_POLL_MS } from "./upgrade-api";
import UpgradeConfirmationScreen from "./upgrade-confirmation-screen";
import { payment } from "./upgrade-fixtures";

const PAYMENT = `GET ${SUBSCRIPTION_BASE}/payments/pi_test_1`;
const UPGRADE = `POST ${SUBSCRIPTION_BASE}/upgrade`;

/** Answers the payments in turn, the last one from then on. */
function setup(
  answers: TPayment[] | (() => Response),
  url = "/upgrade-subscription-confirmation?payment_intent=pi_test_1",
) {
  let asked = 0;
  const fetchMock = mockApi({
    "GET /api/chat/user": testCustomer,
    [UPGRADE]: { state: "pending", payment: payment({ status: "succeeded" }), subscription: null },
    [PAYMENT]:
      typeof answers === "function"
        ? answers
        : () => jsonResponse(answers[Math.min(asked++, answers.length - 1)]),
  });
  const view = renderScreen(<UpgradeConfirmationScreen />, {
    path: "/upgrade-subscription-confirmation",
    url,
  });
  return { ...view, fetchMock, polls: () => calls(fetchMock).filter((call) => call === PAYMENT).length };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

describe("/upgrade-subscription-confirmation", () => {
  it("waits calmly while the payment is confirmed, then shows the new plan and capacity, and stops asking", async () => {
    const { polls } = setup([
      payment({ status: "processing" }),
      payment({ status: "succeeded" }),
      payment({ status: "succeeded", applied: true }),
    ]);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Upgrade confirmation" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade subscription" })).toHaveAttribute(
      "href",
      "/upgrade-subscription",
    );
    expect(await screen.findByText("Confirming your payment…")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Your bank is confirming the charge.");
    expect(screen.getByRole("status")).toHaveAttribute("aria-live", "polite");
    expect(
      await screen.findByText(
        "Payment received. Updating your subscription…",
        {},
        { timeout: PAYMENT_POLL_MS * 2 },
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole(
        "heading",
        { name: "Your subscription is updated" },
        { timeout: PAYMENT_POLL_MS * 2 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("ENTERPRISE, 100 TiB.")).toBeInTheDocument();
    expect(screen.getByText("Your licence now covers 100 TiB.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(screen.getByRole("link", { name: "See your licence" })).toHaveAttribute("href", "/license");
    const settled = polls();
    await wait(PAYMENT_POLL_MS + 300);
    expect(polls()).toBe(settled);
  }, 10_000);

  it("a failed card shows the §8 text, the card's own message and a way to try another card", async () => {
    const { polls } = setup([payment({ status: "failed", failure_message: BILLING_MESSAGES.cardDeclined })]);
    expect(await screen.findByText(BILLING_MESSAGES.paymentFailed)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(BILLING_MESSAGES.cardDeclined);
    expect(screen.getByRole("link", { name: "Try another card" })).toHaveAttribute(
      "href",
      "/upgrade-subscription",
    );
    await wait(PAYMENT_POLL_MS + 300);
    expect(polls()).toBe(1);
  }, 10_000);

  it("a failed resubscription tries another card on the resubscribe form", async () => {
    setup([
      payment({ kind: "resubscribe", status: "failed", failure_message: BILLING_MESSAGES.insufficientFunds }),
    ]);
    expect(await screen.findByRole("link", { name: "Try another card" })).toHaveAttribute(
      "href",
      "/upgrade-subscription?resubscribe=1",
    );
    expect(screen.getByText(BILLING_MESSAGES.insufficientFunds)).toBeInTheDocument();
  });

  it("a cancelled payment says so and starts again", async () => {
    setup([payment({ status: "canceled" })]);
    expect(await screen.findByText(BILLING_MESSAGES.paymentCanceled)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start again" })).toHaveAttribute(
      "href",
      "/upgrade-subscription",
    );
  });

  it("without a payment it says what this page is for and where to go", async () => {
    const { fetchMock } = setup([], "/upgrade-subscription-confirmation");
    expect(await screen.findByText("No payment to confirm")).toBeInTheDocument();
    // The breadcrumb and the next step.
    expect(screen.getAllByRole("link", { name: "Upgrade subscription" })).toHaveLength(2);
    expect(screen.getByRole("link", { name: "See your subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(calls(fetchMock)).not.toContain(PAYMENT);
  });

  it("Chargebee's return names the payment `id` (its hosted page); the page asks for it and records nothing", async () => {
    const { fetchMock } = setup(
      [payment({ status: "processing" }), payment({ status: "succeeded", applied: true })],
      "/upgrade-subscription-confirmation?id=pi_test_1&state=succeeded",
    );
    expect(
      await screen.findByRole(
        "heading",
        { name: "Your subscription is updated" },
        { timeout: PAYMENT_POLL_MS * 2 },
      ),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(PAYMENT);
    expect(calls(fetchMock)).not.toContain(UPGRADE);
  }, 10_000);

  it("Stripe's `payment_intent` wins over an `id`, and a return without a redirect records nothing", async () => {
    const { fetchMock } = setup(
      [payment({ status: "processing" })],
      "/upgrade-subscription-confirmation?payment_intent=pi_test_1&id=other",
    );
    expect(await screen.findByText("Confirming your payment…")).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call.includes("/payments/"))).toEqual([PAYMENT]);
    await wait(300);
    expect(calls(fetchMock)).not.toContain(UPGRADE);
  });

  it("back from a Stripe redirect (a bank's page), it records the change the card form could not, once", async () => {
    const { fetchMock, polls } = setup(
      [
        payment({ status: "processing" }),
        payment({ status: "succeeded" }),
        payment({ status: "succeeded", applied: true }),
      ],
      "/upgrade-subscription-confirmation?payment_intent=pi_test_1&payment_intent=pi_test_1&payment_intent_client_secret=pi_test_1_secret_abc&redirect_status=succeeded",
    );
    expect(
      await screen.findByRole(
        "heading",
        { name: "Your subscription is updated" },
        { timeout: PAYMENT_POLL_MS * 3 },
      ),
    ).toBeInTheDocument();
    expect(calls(fetchMock).filter((call) => call === UPGRADE)).toHaveLength(1);
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf(UPGRADE))).toEqual({
      service_type: "ENTERPRISE",
      capacity: 100,
      unit: "TiB",
      consent_received: true,
      payment_intent_id: "pi_test_1",
    });
    expect(polls()).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it("an unknown payment (another organization's) is not found", async () => {
    setup(() => jsonResponse({ error: BILLING_MESSAGES.paymentNotFound, status: 404 }, 404));
    expect(await screen.findByText(BILLING_MESSAGES.paymentNotFound)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See your subscription" })).toBeInTheDocument();
  });
});
