/**
 * Change capacity on the same plan (§7.1 updatequantity; §5 capacity): the §5 input mask, the
 * plan's minimum and self-serve cap, the prorated charge now from estimate/upgrade for a larger
 * capacity (charged to the card on file), no refund for a smaller one.
 */
import { formatMoney } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { normalizeCapacityInput } from "@portico/shared/validation";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { formatTib } from "../licences/licence-parts";
import { useDebouncedValue } from "../search/use-debounced-value";
import {
  quantityEstimateQuery,
  subscriptionApi,
  type TSubscriptionDetail,
  type TUpgradeEstimate,
  useSubscriptionChange,
} from "./api";
import { formatDay } from "./subscription-parts";

/** What is wrong with `capacity` (TiB) before asking the server; null when it may be sent. */
function capacityProblem(
  text: string,
  subscription: TSubscriptionDetail,
  capTib: number | null,
): string | null {
  if (text === "") return BILLING_MESSAGES.capacityRequired;
  const capacity = Number(text);
  if (capacity < subscription.min_quantity)
    return BILLING_MESSAGES.belowMinimum(subscription.plan, subscription.min_quantity);
  if (capacity === subscription.quantity_tib) return BILLING_MESSAGES.samePlan;
  if (capTib !== null && capacity > capTib) return BILLING_MESSAGES.aboveCap(capTib);
  return null;
}

function IncreaseEstimate({ estimate }: { estimate: TUpgradeEstimate }) {
  const currency = estimate.target?.currency ?? estimate.current?.currency ?? "USD";
  return (
    <dl className="grid gap-2 rounded-md border bg-muted/40 px-3 py-2.5 text-sm">
      <div className="flex flex-wrap justify-between gap-x-4">
        <dt className="text-muted-foreground">Charged now to the card on file</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(estimate.amount_due_minor, currency)}</dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-4">
        <dt className="text-muted-foreground">For the rest of this term</dt>
        <dd className="tabular-nums">
          {estimate.remaining_days} days{estimate.period_end ? `, to ${formatDay(estimate.period_end)}` : ""}
        </dd>
      </div>
      <div className="flex flex-wrap justify-between gap-x-4">
        <dt className="text-muted-foreground">Each renewal from then</dt>
        <dd className="tabular-nums">{formatMoney(estimate.next_renewal_minor, currency)}</dd>
      </div>
    </dl>
  );
}

function CapacityForm({
  accountId,
  subscription,
  onDone,
}: {
  accountId: number;
  subscription: TSubscriptionDetail;
  onDone: () => void;
}) {
  const [text, setText] = useState(String(subscription.quantity_tib));
  const [submitted, setSubmitted] = useState(false);
  const settled = useDebouncedValue(text, 300);
  const settledCapacity = Number(settled);
  const isIncrease = settled !== "" && settledCapacity > subscription.quantity_tib;
  const estimate = useQuery({
    ...quantityEstimateQuery(accountId, subscription.plan, settledCapacity),
    enabled: isIncrease && settled === text,
  });
  const capTib = estimate.data ? estimate.data.self_serve_cap_tib : null;
  const aboveCap = estimate.data?.contact_sales === true;
  const problem = capacityProblem(text, subscription, aboveCap ? capTib : null);
  const change = useSubscriptionChange(
    (quantity: number) =>
      subscriptionApi.updateQuantity(accountId, { product_id: subscription.product_id, quantity }),
    (_answer, quantity) => `Capacity changed to ${formatTib(quantity)}.`,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    change.mutate(Number(text), { onSuccess: onDone });
  };
  const capacity = Number(text);
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField
        label="Capacity (TiB)"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(normalizeCapacityInput(event.target.value))}
        error={submitted ? (problem ?? undefined) : undefined}
        hint={`Now ${formatTib(subscription.quantity_tib)}. The ${subscription.plan} plan starts at ${formatTib(subscription.min_quantity)}${capTib ? `; above ${formatTib(capTib)} it is arranged with sales` : ""}.`}
      />
      {aboveCap && (
        <p className="text-sm text-muted-foreground">
          More than {formatTib(capTib ?? 0)}?{" "}
          <Link
            to="/upgrade-subscription"
            className="font-medium text-link underline-offset-2 hover:underline"
          >
            Contact sales
          </Link>
        </p>
      )}
      {text !== "" && capacity > subscription.quantity_tib && !aboveCap && (
        <div aria-live="polite">
          {estimate.isError ? (
            <ErrorAlert>{errorMessage(estimate.error)}</ErrorAlert>
          ) : estimate.data && settled === text ? (
            <IncreaseEstimate estimate={estimate.data} />
          ) : (
            <Skeleton className="h-24 w-full" />
          )}
        </div>
      )}
      {text !== "" && capacity < subscription.quantity_tib && capacity >= subscription.min_quantity && (
        <p className="text-sm text-muted-foreground">
          A smaller capacity applies at once. The rest of this term is not refunded; the next renewal is
          billed for {formatTib(capacity)}.
        </p>
      )}
      <ErrorAlert>{change.isError ? errorMessage(change.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" type="button" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={change.isPending}>
          Change capacity
        </Button>
      </DialogFooter>
    </form>
  );
}

export function ChangeCapacityDialog({
  open,
  onOpenChange,
  accountId,
  subscription,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: number;
  subscription: TSubscriptionDetail;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change capacity</DialogTitle>
          <DialogDescription>
            Same plan ({subscription.plan}), same term. More capacity is charged now for the time left.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the current capacity. */}
        {open && (
          <CapacityForm
            accountId={accountId}
            subscription={subscription}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
