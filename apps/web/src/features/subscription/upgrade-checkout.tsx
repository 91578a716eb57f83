/**
 * The payment step of the upgrade screen, once upgrade/prepare (or resubscribe_checkout) has
 * answered a card checkout: the card form the checkout calls for, then POST upgrade, then the
 * confirmation screen, which waits for the provider's verdict.
 */

import { formatMoney } from "@portico/shared/rules/billing";
import type { TUpgradeRequest } from "@portico/shared/schemas/billing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { LoadingRegion } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api-client";
import { subscriptionKeys } from "./api";
import { StripeCardForm } from "./stripe-card-form";
import { TestCardForm, type TestCardFormProps } from "./test-card-form";
import { confirmationPath, type TPreparedPayment, upgradeApi } from "./upgrade-api";
import { formatCapacity } from "./upgrade-parts";

/** A prepared payment and the change it pays for (what POST upgrade repeats). */
export interface PreparedChange {
  prepared: TPreparedPayment;
  request: Omit<TUpgradeRequest, "payment_intent_id" | "consent_received">;
}

const KIND_LABELS = {
  subscribe: "New subscription",
  upgrade: "Change of plan",
  resubscribe: "Resubscription",
  quantity: "Change of capacity",
  renewal: "Renewal",
} as const;

function PaymentSummary({ prepared }: { prepared: TPreparedPayment }) {
  const { payment } = prepared;
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-md border bg-muted/30 p-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-muted-foreground">{KIND_LABELS[payment.kind]}</dt>
        <dd className="font-medium text-foreground">{payment.plan}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Capacity</dt>
        <dd className="font-medium text-foreground">{formatCapacity(payment.capacity_tib)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Amount due now</dt>
        <dd className="font-medium text-foreground">{formatMoney(payment.amount_minor, payment.currency)}</dd>
      </div>
    </dl>
  );
}

export function CardStep({
  accountId,
  change,
  onBack,
}: {
  accountId: number;
  change: PreparedChange;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { payment, checkout } = change.prepared;
  // Once the card is taken, only the change is left to record; a retry must not confirm again.
  const [cardTaken, setCardTaken] = useState(false);
  const record = useMutation({
    mutationFn: () =>
      upgradeApi.upgrade(accountId, {
        ...change.request,
        consent_received: true,
        payment_intent_id: payment.payment_intent_id,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      navigate(confirmationPath(payment.payment_intent_id));
    },
  });
  const back = (
    <Button variant="ghost" onClick={onBack} disabled={cardTaken}>
      <ArrowLeft aria-hidden="true" />
      Change plan or capacity
    </Button>
  );
  if (checkout.kind !== "card") return null;
  // The test provider's form (no publishable key) or Stripe Elements: one contract for both.
  const cardForm: TestCardFormProps = {
    paymentIntentId: payment.payment_intent_id,
    clientSecret: checkout.client_secret,
    submitLabel: `Pay ${formatMoney(payment.amount_minor, payment.currency)}`,
    summary: <PaymentSummary prepared={change.prepared} />,
    onConfirmed: () => {
      setCardTaken(true);
      record.mutate();
    },
  };
  if (cardTaken)
    return record.isError ? (
      <div className="max-w-xl space-y-3">
        <ErrorAlert>{errorMessage(record.error)}</ErrorAlert>
        <Button onClick={() => record.mutate()}>Try again</Button>
      </div>
    ) : (
      <LoadingRegion label="Recording your change" className="text-sm text-muted-foreground">
        Recording your change…
      </LoadingRegion>
    );
  return (
    <div className="space-y-4">
      {back}
      {checkout.publishable_key === null ? (
        <TestCardForm {...cardForm} />
      ) : (
        <StripeCardForm publishableKey={checkout.publishable_key} {...cardForm} />
      )}
    </div>
  );
}
