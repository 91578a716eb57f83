/**
 * /subscription (spec §3 Account, §4 plan status and account type, §6, §7.1 Subscription, §8;
 * issue 14): the subscription of the organization acted on — plan, status, capacity, SLA, term,
 * next invoice, provider (and test mode), card on file, subscribed products — with the changes
 * the server's `abilities` allow (or its reason why not), the §8 failed-payment text, a payment
 * still processing, and the paged events (engineers: of the customer organization they chose).
 */
import { formatMoney } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { useQuery } from "@tanstack/react-query";
import ArrowUpCircle from "lucide-react/icons/circle-arrow-up";
import CreditCard from "lucide-react/icons/credit-card";
import Gauge from "lucide-react/icons/gauge";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { useState } from "react";
import { Link } from "react-router";
import { ErrorAlert, Notice, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch";
import { errorMessage } from "../../lib/api-client";
import { formatWhen } from "../files/format";
import { formatTib } from "../licences/licence-parts";
import {
  subscriptionApi,
  subscriptionQuery,
  type TSubscriptionDetail,
  type TSubscriptionResponse,
  useSubscriptionChange,
} from "./api";
import { ChangeCapacityDialog } from "./change-capacity-dialog";
import { SubscriptionEvents } from "./subscription-events";
import {
  ACCOUNT_TYPE_LABELS,
  formatDay,
  formatSla,
  OrganizationGate,
  PlanStatusBadge,
  PROVIDER_LABELS,
  Term,
  TestModeBadge,
} from "./subscription-parts";
import { confirmationPath } from "./upgrade-api";

const TITLE = "Subscription";
const linkClass = "font-medium text-link underline-offset-2 hover:underline";

function PaymentAlerts({ data }: { data: TSubscriptionResponse }) {
  const pending = data.pending_payment;
  return (
    <>
      {data.payment_failed && (
        <ErrorAlert>
          <p>{BILLING_MESSAGES.paymentFailed}</p>
        </ErrorAlert>
      )}
      {pending?.status === "processing" && (
        <Notice>
          <p>
            Payment processing… The change to {pending.plan}, {formatTib(pending.capacity_tib)} is made as
            soon as the payment provider confirms the payment.{" "}
            <Link to={confirmationPath(pending.payment_intent_id)} className={linkClass}>
              Follow the payment
            </Link>
          </p>
        </Notice>
      )}
    </>
  );
}

/** Providers name brands in lower case ("visa", as Stripe does); the screen names them as their owners do. */
const CARD_BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
};
function cardBrandLabel(brand: string): string {
  return CARD_BRANDS[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

function renewalText(subscription: TSubscriptionDetail): string {
  if (subscription.status === "canceled")
    return `Ended on ${formatDay(subscription.ended_at ?? subscription.current_period_end)}`;
  if (subscription.cancel_at || !subscription.auto_renew)
    return `No renewal: ends on ${formatDay(subscription.cancel_at ?? subscription.current_period_end)}`;
  return `Renews on ${formatDay(subscription.current_period_end)}`;
}

function nextInvoiceText(subscription: TSubscriptionDetail): string {
  if (subscription.status === "canceled") return "None";
  if (subscription.cancel_at) return `None: cancels on ${formatDay(subscription.cancel_at)}`;
  if (!subscription.auto_renew) return "Will not renew";
  const invoice = subscription.next_invoice;
  return invoice
    ? `${formatMoney(invoice.amount_minor, invoice.currency)} on ${formatDay(invoice.date)}`
    : "—";
}

function PlanCard({
  data,
  subscription,
}: {
  data: TSubscriptionResponse;
  subscription: TSubscriptionDetail;
}) {
  const ending = subscription.status !== "canceled" && subscription.cancel_at;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <span>
            {subscription.plan}{" "}
            <span className="font-normal text-muted-foreground">v{subscription.plan_version}</span>
          </span>
          <PlanStatusBadge status={subscription.status} />
          {ending && <Badge variant="warning">Set to cancel</Badge>}
        </CardTitle>
        <CardDescription>{subscription.product_name}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
          <Term label="Capacity">
            {formatTib(subscription.quantity_tib)}{" "}
            <span className="text-muted-foreground">(minimum {formatTib(subscription.min_quantity)})</span>
          </Term>
          <Term label="SLA">{formatSla(subscription.sla_hours, subscription.sla_coverage)}</Term>
          <Term label="Current period">
            {formatDay(subscription.current_period_start)} – {formatDay(subscription.current_period_end)}
          </Term>
          <Term label="Renewal">{renewalText(subscription)}</Term>
          <Term label="Next invoice">{nextInvoiceText(subscription)}</Term>
          <Term label="Card on file">
            {subscription.card ? (
              <span className="flex items-center gap-1.5">
                <CreditCard aria-hidden="true" className="size-4 text-muted-foreground" />
                {cardBrandLabel(subscription.card.brand)} ending in {subscription.card.last4}
              </span>
            ) : (
              <span className="text-muted-foreground">None</span>
            )}
          </Term>
          <Term label="Provider">
            <span className="flex flex-wrap items-center gap-2">
              {data.provider ? (
                PROVIDER_LABELS[data.provider]
              ) : (
                <span className="text-muted-foreground">Not set</span>
              )}
              {data.test_mode && <TestModeBadge />}
            </span>
          </Term>
          <AccountTypeTerm data={data} />
        </dl>
      </CardContent>
    </Card>
  );
}

function AccountTypeTerm({ data }: { data: TSubscriptionResponse }) {
  return (
    <Term label="Account type">
      <span className="flex flex-wrap items-center gap-2">
        {data.account_type ? (
          ACCOUNT_TYPE_LABELS[data.account_type]
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
        {!data.has_support && <Badge variant="warning">No support plan</Badge>}
      </span>
    </Term>
  );
}

function ManageCard({
  accountId,
  data,
  subscription,
}: {
  accountId: number;
  data: TSubscriptionResponse;
  subscription: TSubscriptionDetail;
}) {
  const { abilities } = data;
  const [changingCapacity, setChangingCapacity] = useState(false);
  const autoRenew = useSubscriptionChange(
    (enabled: boolean) => subscriptionApi.autoRenew(accountId, enabled),
    (_answer, enabled) =>
      enabled
        ? `Auto-renew is on: the subscription renews on ${formatDay(subscription.current_period_end)}.`
        : `Auto-renew is off: the subscription ends on ${formatDay(subscription.current_period_end)}.`,
  );
  const undo = useSubscriptionChange(
    () => subscriptionApi.undoCancel(accountId),
    () => "The cancellation has been undone.",
  );
  const ended = subscription.status === "canceled";
  const failure = autoRenew.error ?? undo.error;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manage</CardTitle>
        {!abilities.manage && abilities.reason && <CardDescription>{abilities.reason}</CardDescription>}
      </CardHeader>
      <CardContent className="space-y-4">
        {abilities.manage && !ended && (
          <>
            <div className="flex flex-wrap gap-2">
              <Link to="/upgrade-subscription" className={buttonVariants()}>
                <ArrowUpCircle aria-hidden="true" />
                Upgrade
              </Link>
              <Button variant="secondary" onClick={() => setChangingCapacity(true)}>
                <Gauge aria-hidden="true" />
                Change capacity
              </Button>
              {subscription.cancel_at ? (
                <Button variant="secondary" busy={undo.isPending} onClick={() => undo.mutate()}>
                  <RotateCcw aria-hidden="true" />
                  Undo cancellation
                </Button>
              ) : (
                <Link to="/end-subscription" className={buttonVariants({ variant: "secondary" })}>
                  Cancel subscription
                </Link>
              )}
            </div>
            {!subscription.cancel_at && (
              <SwitchField
                label="Renew automatically"
                description={`At the end of the term, a new year is charged to the card on file.`}
                checked={subscription.auto_renew}
                disabled={autoRenew.isPending}
                onCheckedChange={(enabled) => autoRenew.mutate(enabled)}
                className="max-w-xl"
              />
            )}
            <ChangeCapacityDialog
              open={changingCapacity}
              onOpenChange={setChangingCapacity}
              accountId={accountId}
              subscription={subscription}
            />
          </>
        )}
        {abilities.resubscribe && (
          <Link to="/upgrade-subscription?resubscribe=1" className={buttonVariants()}>
            <RotateCcw aria-hidden="true" />
            Resubscribe
          </Link>
        )}
        {abilities.end && !ended && (
          <p className="text-sm text-muted-foreground">
            Engineers can also{" "}
            <Link to="/end-subscription" className={linkClass}>
              end it now
            </Link>
            .
          </p>
        )}
        <ErrorAlert>{failure ? errorMessage(failure) : null}</ErrorAlert>
      </CardContent>
    </Card>
  );
}

function SubscribedProducts({ data }: { data: TSubscriptionResponse }) {
  if (data.subscribed_products.length === 0) return null;
  return (
    <section aria-labelledby="subscribed-products" className="space-y-3">
      <h2 id="subscribed-products" className="text-lg font-semibold text-foreground">
        Subscribed products
      </h2>
      <ul className="space-y-2">
        {data.subscribed_products.map((product) => (
          <li key={product.product_id} className="rounded-lg border bg-card px-4 py-3 text-sm">
            <p className="font-medium text-foreground">{product.name}</p>
            <p className="text-muted-foreground">
              {product.plan} v{product.planVersion} · {formatTib(product.quantity)} (minimum{" "}
              {formatTib(product.minQuantity)}) · SLA{" "}
              {formatSla(product.planSlaHours, product.planSlaCoverage)} · capacity set{" "}
              {formatWhen(product.quantityUpdatedAt)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NoSubscription({ data }: { data: TSubscriptionResponse }) {
  return (
    <EmptyState
      icon={ArrowUpCircle}
      title="No subscription yet"
      description={
        <div className="space-y-2">
          <p>
            Choose a plan and a capacity and pay by card: the licence for your clusters is issued at once.
          </p>
          {!data.abilities.subscribe && data.abilities.reason && <p>{data.abilities.reason}</p>}
          {!data.has_support && (
            <p>
              <Badge variant="warning">No support plan</Badge>
            </p>
          )}
        </div>
      }
      action={
        data.abilities.subscribe && (
          <Link to="/upgrade-subscription" className={buttonVariants()}>
            Subscribe
          </Link>
        )
      }
    />
  );
}

function SubscriptionLoading() {
  return (
    <LoadingRegion label="Loading the subscription" className="space-y-4">
      <Skeleton className="h-56 w-full" />
      <Skeleton className="h-28 w-full" />
    </LoadingRegion>
  );
}

function OrganizationSubscription({
  accountId,
  organization,
  isEngineer,
}: {
  accountId: number;
  organization: string;
  isEngineer: boolean;
}) {
  const query = useQuery(subscriptionQuery(accountId));
  const data = query.data;
  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          <span className="flex flex-wrap items-center gap-2">
            The plan of {data?.company ?? organization}.{data?.test_mode && <TestModeBadge />}
          </span>
        }
      />
      <div className="space-y-6">
        {query.isError ? (
          <QueryError query={query} />
        ) : !data ? (
          <SubscriptionLoading />
        ) : (
          <>
            <PaymentAlerts data={data} />
            {data.subscription ? (
              <>
                <PlanCard data={data} subscription={data.subscription} />
                <ManageCard accountId={accountId} data={data} subscription={data.subscription} />
                <SubscribedProducts data={data} />
              </>
            ) : (
              <NoSubscription data={data} />
            )}
            <SubscriptionEvents accountId={accountId} isEngineer={isEngineer} />
          </>
        )}
      </div>
    </>
  );
}

export default function SubscriptionScreen() {
  return (
    <OrganizationGate title={TITLE} what="subscription" loading={<SubscriptionLoading />}>
      {(info) => (
        <OrganizationSubscription
          key={info.accountId}
          accountId={info.accountId}
          organization={info.companyName ?? "Your organization"}
          isEngineer={info.isEngineer}
        />
      )}
    </OrganizationGate>
  );
}
