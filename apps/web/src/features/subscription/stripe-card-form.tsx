/**
 * The card step when Stripe takes the payment (issue 15): Stripe Elements' PaymentElement on the
 * PaymentIntent upgrade/prepare made, confirmed in the browser with stripe.confirmPayment, which
 * shows a 3-D Secure challenge itself when the bank asks for one. Same props and hand-over as
 * TestCardForm (CardStep picks one by the checkout's publishable key): once Stripe has taken the
 * card, onConfirmed, and CardStep records the change (POST upgrade) and opens the confirmation.
 *
 * Stripe.js is imported dynamically from `@stripe/stripe-js/pure`, which adds no script on import:
 * js.stripe.com is contacted only when a Stripe checkout is on screen, never in test mode, and the
 * loader is a chunk of its own (the React bindings ride in the lazily loaded upgrade screen). If it
 * cannot load (offline, blocked), the form says so and offers Retry.
 */

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { PaymentIntent, Stripe } from "@stripe/stripe-js";
import { useMutation, useQuery } from "@tanstack/react-query";
import CreditCard from "lucide-react/icons/credit-card";
import { type ReactNode, useState } from "react";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormSkeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api-client";
import type { TestCardFormProps } from "./test-card-form";
import { confirmationPath, type TTestCardAnswer } from "./upgrade-api";

export const STRIPE_TITLE = "Pay by card";
export const STRIPE_LOAD_FAILED = "The card form could not be loaded. Check your connection and try again.";
const STRIPE_CONFIRM_FAILED = "The payment could not be completed. Try again.";

export interface StripeCardFormProps extends TestCardFormProps {
  /** The checkout's publishable key (pk_live_… or pk_test_…). */
  publishableKey: string;
}

/** Stripe.js for a key; the Stripe object stays for the page's life (Elements may not swap it). */
export async function loadStripeJs(publishableKey: string): Promise<Stripe> {
  const { loadStripe } = await import("@stripe/stripe-js/pure");
  const stripe = await loadStripe(publishableKey);
  // null only outside a browser; treat it as not loaded.
  if (!stripe) throw new Error(STRIPE_LOAD_FAILED);
  return stripe;
}

/**
 * After confirmPayment the PaymentIntent is succeeded or processing (a bank that confirms later);
 * anything else means the provider still waits, which the confirmation page shows as it polls.
 */
function answerOf(paymentIntent: PaymentIntent): TTestCardAnswer {
  const status =
    paymentIntent.status === "succeeded" || paymentIntent.status === "processing"
      ? paymentIntent.status
      : "requires_payment_method";
  return { status, return_url: null };
}

/** Where a redirect-based method (a bank's page) sends the browser back; Stripe appends its own parameters. */
const returnUrl = (paymentIntentId: string) =>
  new URL(confirmationPath(paymentIntentId), window.location.origin).href;

function PaymentFields({
  paymentIntentId,
  submitLabel,
  onConfirmed,
}: Pick<StripeCardFormProps, "paymentIntentId" | "submitLabel" | "onConfirmed">) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const confirm = useMutation({
    mutationFn: async () => {
      if (!stripe || !elements) throw new Error(STRIPE_LOAD_FAILED);
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        // Cards, 3-D Secure included, finish here; only a redirect-based method leaves the page.
        redirect: "if_required",
        confirmParams: { return_url: returnUrl(paymentIntentId) },
      });
      // Stripe's message is written for the payer: a decline, an expired card, a failed challenge.
      if (error) throw new Error(error.message ?? STRIPE_CONFIRM_FAILED);
      await onConfirmed(answerOf(paymentIntent));
    },
  });
  return (
    <form
      noValidate
      aria-label="Card details"
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!confirm.isPending) confirm.mutate();
      }}
    >
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={(event) => setLoadError(event.error.message ?? STRIPE_LOAD_FAILED)}
      />
      <ErrorAlert>{loadError ?? (confirm.isError ? errorMessage(confirm.error) : null)}</ErrorAlert>
      <Button type="submit" busy={confirm.isPending} disabled={!ready || !stripe || !elements}>
        {submitLabel}
      </Button>
    </form>
  );
}

export function StripeCardForm({
  publishableKey,
  paymentIntentId,
  clientSecret,
  submitLabel,
  onConfirmed,
  summary,
}: StripeCardFormProps) {
  const stripe = useQuery({
    queryKey: ["stripe-js", publishableKey],
    queryFn: () => loadStripeJs(publishableKey),
    // One Stripe object per key for the page's life: Elements refuses a new one.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  let body: ReactNode;
  if (stripe.isError)
    body = (
      <div className="space-y-3">
        <ErrorAlert>{STRIPE_LOAD_FAILED}</ErrorAlert>
        <Button variant="secondary" busy={stripe.isFetching} onClick={() => void stripe.refetch()}>
          Retry
        </Button>
      </div>
    );
  else if (!stripe.data) body = <FormSkeleton fields={2} label="Loading the card form" />;
  else
    body = (
      <Elements
        stripe={stripe.data}
        options={{
          clientSecret,
          appearance: {
            theme: document.documentElement.classList.contains("dark") ? "night" : "stripe",
          },
        }}
      >
        <PaymentFields
          paymentIntentId={paymentIntentId}
          submitLabel={submitLabel}
          onConfirmed={onConfirmed}
        />
      </Elements>
    );
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
          {STRIPE_TITLE}
        </CardTitle>
        <CardDescription>
          Your card details go straight to Stripe, our payment provider; Portico never sees them. Your bank
          may ask you to confirm the payment.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {summary}
        {body}
      </CardContent>
    </Card>
  );
}
