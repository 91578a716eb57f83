/**
 * Pieces of the upgrade screen: the plan cards and the live estimate. Every amount shown is the
 * server's, in integer minor units, formatted here and never computed.
 */
import { type Currency, formatMoney } from "@portico/shared/rules/billing";
import * as RadioGroupPrimitive from "@radix-ui/react-radio-group";
import { type ReactNode, useId } from "react";
import { ErrorAlert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import type { TUpgradeEstimate, TUpgradePlan } from "./upgrade-api";

export type ServiceType = TUpgradePlan["plan"];

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** "12 Mar 2027" in the browser's locale. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dayFormat.format(date);
}

export const formatCapacity = (tib: number) => `${tib.toLocaleString("en-US")} TiB`;

/** "4-hour response, 24×7" */
export function slaText(plan: Pick<TUpgradePlan, "sla_hours" | "sla_coverage">): string {
  const coverage = plan.sla_coverage === "24x7" ? "24×7" : "business hours";
  return `${plan.sla_hours}-hour response, ${coverage}`;
}

export function PlanCards({
  plans,
  value,
  onValueChange,
  currency,
  error,
}: {
  plans: readonly TUpgradePlan[];
  value: string;
  onValueChange: (plan: ServiceType) => void;
  currency: Currency;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-foreground">
        Plan
      </p>
      <RadioGroupPrimitive.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onValueChange={(plan) => onValueChange(plan as ServiceType)}
        className="grid gap-3 sm:grid-cols-2"
      >
        {plans.map((plan) => {
          const itemId = `${id}-${plan.plan}`;
          return (
            <RadioGroupPrimitive.Item
              key={plan.plan}
              value={plan.plan}
              aria-labelledby={`${itemId}-name`}
              aria-describedby={`${itemId}-details`}
              className={cn(
                "flex cursor-pointer flex-col items-start gap-1 rounded-lg border bg-card p-4 text-left shadow-xs",
                "hover:bg-muted/50 data-[state=checked]:border-primary data-[state=checked]:ring-1 data-[state=checked]:ring-primary",
              )}
            >
              <span className="flex w-full items-center justify-between gap-2">
                <span id={`${itemId}-name`} className="font-semibold text-foreground">
                  {plan.plan}
                </span>
                {plan.is_current_plan && <Badge variant="info">Current plan</Badge>}
              </span>
              <span id={`${itemId}-details`} className="space-y-0.5 text-sm text-muted-foreground">
                <span className="block">{slaText(plan)}</span>{" "}
                <span className="block text-foreground">
                  {formatMoney(plan.price_per_tib_month[currency], currency)} per TiB per month
                </span>
                {plan.is_current_plan && (
                  <>
                    {" "}
                    <span className="sr-only">Your current plan.</span>
                  </>
                )}
              </span>
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function Line({ label, children, strong = false }: { label: string; children: string; strong?: boolean }) {
  return (
    <div className={cn("flex items-baseline justify-between gap-4 py-1.5", strong && "border-t pt-2.5")}>
      <dt className={cn("text-sm", strong ? "font-semibold text-foreground" : "text-muted-foreground")}>
        {label}
      </dt>
      <dd
        className={cn("text-sm tabular-nums", strong ? "font-semibold text-foreground" : "text-foreground")}
      >
        {children}
      </dd>
    </div>
  );
}

/** The estimate's lines: a change mid-term (credit, charge, due now), or a first term. */
export function EstimateLines({ estimate }: { estimate: TUpgradeEstimate }) {
  const currency = estimate.target?.currency ?? estimate.current?.currency ?? "USD";
  const money = (minor: number) => formatMoney(minor, currency);
  const renewal = estimate.period_end
    ? `${money(estimate.next_renewal_minor)} on ${formatDay(estimate.period_end)}`
    : money(estimate.next_renewal_minor);
  if (estimate.kind === "upgrade")
    return (
      <dl>
        <Line label="Credit for the unused current term">{`−${money(estimate.credit_minor)}`}</Line>
        <Line label="Charge for the rest of the term">{money(estimate.charge_minor)}</Line>
        <Line label="Amount due now" strong>
          {money(estimate.amount_due_minor)}
        </Line>
        <Line label="Next renewal">{renewal}</Line>
      </dl>
    );
  return (
    <dl>
      {estimate.target && (
        <Line label={`First term (${estimate.target.term_months} months)`}>
          {money(estimate.target.term_minor)}
        </Line>
      )}
      <Line label="Amount due now" strong>
        {money(estimate.amount_due_minor)}
      </Line>
      <Line label="Next renewal">{renewal}</Line>
    </dl>
  );
}

/** The estimate as it arrives: nothing to price yet, refused (below minimum…), loading, or its lines (the previous ones while the next is priced). */
export function EstimatePanel({
  estimate,
  error,
  idle,
}: {
  estimate: TUpgradeEstimate | undefined;
  error: unknown;
  /** No capacity typed yet. */
  idle: boolean;
}) {
  const id = useId();
  let body: ReactNode;
  if (idle) body = <p className="text-sm text-muted-foreground">Enter a capacity to see the price.</p>;
  else if (error) body = <ErrorAlert>{errorMessage(error)}</ErrorAlert>;
  else if (!estimate)
    body = (
      <LoadingRegion label="Pricing the change" className="space-y-2">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </LoadingRegion>
    );
  else body = <EstimateLines estimate={estimate} />;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border bg-muted/30 p-4">
      <h2 id={`${id}-title`} className="mb-2 text-sm font-semibold text-foreground">
        Estimate
      </h2>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
