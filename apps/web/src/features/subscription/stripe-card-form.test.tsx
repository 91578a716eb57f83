/**
 * The card step with Stripe Elements (Stripe.js and its React bindings faked): the checkout's publishable key
 * chooses it over the test form; paying confirms the PaymentIntent (3-D Secure inside confirmPayment), then
 * POST upgrade and the confirmation page; a decline shows Stripe's message; Stripe.js that cannot load offers Retry.
 */
import { SUBSCRIPTION_BASE, TEST_MODE_BASE } from "@portico/shared/schemas/billing";
import { screen, waitFor } from "@testing-library/react";
import { type ReactNode, useEffect } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, mockApi, renderScreen } from "../../test/helpers";
import { STRIPE_LOAD_FAILED, STRIPE_TITLE } from "./stripe-card-form";
import { TEST_MODE_TITLE } from "./test-card-form";
import { CardStep } from "./upgrade-checkout";
import { payment, preparedPayment } from "./upgrade-fixtures";

type ConfirmResult =
  | { paymentIntent: { id: string; status: string }; error?: undefined }
  | { error: { type: string; message?: string } };

const fake = vi.hoisted(() => {
  const elements = { name: "elements" };
  const stripe = {
    confirmPayment: vi.fn<(options: unknown) => Promise<ConfirmResult>>(),
  };
  return {
    elements,
    stripe,
    loadStripe: vi.fn<(key: string) => Promise<typeof stripe | null>>(),
    /** What <Elements> was given, render by render. */
    elementsProps: [] as { stripe: unknown; options: unknown }[],
  };
});

vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: fake.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ stripe, options, children }: { stripe: unknown; options: unknown; children: ReactNode }) => {
    fake.elementsProps.push({ stripe, options });
    return <div>{children}</div>;
  },
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div>Stripe's card fields</div>;
  },
  useStripe: () => fake.stripe,
  useElements: () => fake.elements,
}));

const PK = "pk_test_portico";
const UPGRADE = `POST ${SUBSCRIPTION_BASE}/upgrade`;
const TEST_CONFIRM = `POST ${TEST_MODE_BASE}/payments/pi_test_1/confirm`;
const STRIPE_CHECKOUT = { kind: "card", client_secret: "pi_test_1_secret_abc", publishable_key: PK } as const;

function setup(
  checkout: { kind: "card"; client_secret: string; publishable_key: string | null } = STRIPE_CHECKOUT,
) {
  const fetchMock = mockApi({
    [UPGRADE]: { state: "pending", payment: payment({ status: "succeeded" }), subscription: null },
  });
  const view = renderScreen(
    <CardStep
      accountId={3}
      change={{
        prepared: preparedPayment({ checkout, test_mode: false }),
        request: { service_type: "ENTERPRISE", capacity: 100, unit: "TiB" },
      }}
      onBack={() => undefined}
    />,
    {
      path: "/upgrade-subscription",
      routes: [{ path: "/upgrade-subscription-confirmation", element: <p>Confirmation page</p> }],
    },
  );
  return { ...view, fetchMock };
}

const succeeded: ConfirmResult = { paymentIntent: { id: "pi_test_1", status: "succeeded" } };

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  fake.loadStripe.mockReset().mockResolvedValue(fake.stripe);
  fake.stripe.confirmPayment.mockReset();
  fake.elementsProps.length = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe("the card step with Stripe", () => {
  it("a publishable key chooses Stripe Elements on the PaymentIntent's client secret, not the test form", async () => {
    setup();
    expect(await screen.findByRole("heading", { name: STRIPE_TITLE })).toBeInTheDocument();
    expect(await screen.findByText("Stripe's card fields")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: TEST_MODE_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(fake.loadStripe).toHaveBeenCalledExactlyOnceWith(PK);
    expect(fake.elementsProps.at(-1)).toMatchObject({
      stripe: fake.stripe,
      options: { clientSecret: "pi_test_1_secret_abc" },
    });
    // What is being paid for stays above the fields.
    expect(screen.getByText("$13,500.00")).toBeInTheDocument();
  });

  it("without a publishable key it is the test form and Stripe.js is never loaded", async () => {
    setup({ kind: "card", client_secret: "pi_test_1_secret_abc", publishable_key: null });
    expect(await screen.findByRole("heading", { name: TEST_MODE_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: STRIPE_TITLE })).not.toBeInTheDocument();
    expect(fake.loadStripe).not.toHaveBeenCalled();
  });

  it("pays: confirmPayment (3-D Secure only when needed, back to the confirmation page), then upgrade, then the confirmation", async () => {
    fake.stripe.confirmPayment.mockResolvedValue(succeeded);
    const { user, fetchMock, router } = setup();
    await user.click(await screen.findByRole("button", { name: "Pay $13,500.00" }));

    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?payment_intent=pi_test_1");
    expect(fake.stripe.confirmPayment).toHaveBeenCalledExactlyOnceWith({
      elements: fake.elements,
      redirect: "if_required",
      confirmParams: {
        return_url: `${window.location.origin}/upgrade-subscription-confirmation?payment_intent=pi_test_1`,
      },
    });
    expect(calls(fetchMock)).toEqual([UPGRADE]);
    expect(calls(fetchMock)).not.toContain(TEST_CONFIRM);
    expect(bodyOf(fetchMock)).toEqual({
      service_type: "ENTERPRISE",
      capacity: 100,
      unit: "TiB",
      consent_received: true,
      payment_intent_id: "pi_test_1",
    });
  });

  it("a card that needs 3-D Secure: nothing is recorded while the bank's challenge is open, then it goes on", async () => {
    let passChallenge: (result: ConfirmResult) => void = () => undefined;
    // Stripe shows the challenge inside confirmPayment and resolves once the payer has answered it.
    fake.stripe.confirmPayment.mockImplementation(
      () =>
        new Promise((resolve) => {
          passChallenge = resolve;
        }),
    );
    const { user, fetchMock } = setup();
    const pay = await screen.findByRole("button", { name: "Pay $13,500.00" });
    await user.click(pay);
    await waitFor(() => expect(pay).toHaveAttribute("aria-busy", "true"));
    expect(pay).toBeDisabled();
    expect(calls(fetchMock)).toEqual([]);

    passChallenge({ paymentIntent: { id: "pi_test_1", status: "processing" } });
    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([UPGRADE]);
    expect(fake.stripe.confirmPayment).toHaveBeenCalledOnce();
  });

  it("a decline (or a failed challenge) shows Stripe's message, records nothing, and the card can be tried again", async () => {
    fake.stripe.confirmPayment
      .mockResolvedValueOnce({ error: { type: "card_error", message: "Your card was declined." } })
      .mockResolvedValueOnce(succeeded);
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole("button", { name: "Pay $13,500.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your card was declined.");
    expect(calls(fetchMock)).toEqual([]);
    expect(screen.getByText("Stripe's card fields")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Pay $13,500.00" }));
    expect(await screen.findByText("Confirmation page")).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([UPGRADE]);
  });

  it("shows a skeleton while Stripe.js loads, and Retry when it cannot (offline)", async () => {
    let failLoad: (error: Error) => void = () => undefined;
    fake.loadStripe.mockImplementationOnce(
      () =>
        new Promise((_resolve, reject) => {
          failLoad = reject;
        }),
    );
    const { user } = setup();
    expect(await screen.findByText("Loading the card form")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Pay / })).not.toBeInTheDocument();

    failLoad(new Error("Failed to load Stripe.js"));
    expect(await screen.findByRole("alert")).toHaveTextContent(STRIPE_LOAD_FAILED);
    expect(screen.queryByText("Stripe's card fields")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Stripe's card fields")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fake.loadStripe).toHaveBeenCalledTimes(2);
  });
});
