/**
 * /upgrade-subscription-confirmation?payment_intent=… (spec §2.2, §8; issue 14): the provider
 * confirms a card payment later (an event), so this screen asks GET payments/{id} every
 * PAYMENT_POLL_MS until the change is made, the payment fails, or it is cancelled. It only reads:
 * POST upgrade was sent before it opened (or the server records a hosted checkout itself), except
 * after a Stripe redirect (see recordAfterRedirect).
 */
import { BILLING_MESSAGES, type PaymentStatus } from "@portico/shared/schemas/billing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import Building2 from "lucide-react/icons/building-2";
import CircleCheck from "lucide-react/icons/circle-check";
import LoaderCircle from "lucide-react/icons/loader-circle";
import SearchX from "lucide-react/icons/search-x";
import { type ReactNode, useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { errorMessage, isApiError } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { licenceKeys } from "../licences/api";
import { subscriptionKeys } from "./api";
import { paymentQuery, paymentSettled, type TPayment, upgradeApi, upgradeKeys } from "./upgrade-api";
import { formatCapacity } from "./upgrade-parts";

/**
 * The payment the browser came back for. Stripe (and the test-mode provider) name it
 * `payment_intent`; Chargebee's hosted page returns with its own names, `id` (the hosted page's id,
 * which is a Chargebee checkout's payment id) and `state`. The state, and Stripe's
 * `payment_intent_client_secret`, are not trusted: the server asks the provider.
 */
export function returnedPaymentId(params: URLSearchParams): string {
  return (params.get("payment_intent") || params.get("id") || "").trim();
}

const TITLE = "Upgrade confirmation";
const UPGRADE_PATH = "/upgrade-subscription";

function Header() {
  return (
    <PageHeader
      title={TITLE}
      breadcrumbs={[{ label: "Upgrade subscription", to: UPGRADE_PATH }, { label: TITLE }]}
    />
  );
}

/** What the provider is doing now, in words (read out politely as it changes). */
const STATUS_TEXT: Record<PaymentStatus, string> = {
  requires_payment_method: "Waiting for the card details.",
  processing: "Your bank is confirming the charge.",
  succeeded: "Payment received. Updating your subscription…",
  failed: "The payment failed.",
  canceled: "The payment was cancelled.",
};

const upgradeAgainPath = (payment: TPayment) =>
  payment.kind === "resubscribe" ? `${UPGRADE_PATH}?resubscribe=1` : UPGRADE_PATH;

function Confirming({ payment }: { payment: TPayment }) {
  return (
    <Card className="max-w-xl">
      <CardContent className="flex items-start gap-3">
        <LoaderCircle
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 animate-spin text-muted-foreground"
        />
        <div className="space-y-1">
          <h2 className="font-semibold text-foreground">Confirming your payment…</h2>
          <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
            {STATUS_TEXT[payment.status]}
          </p>
          <p className="text-sm text-muted-foreground">
            This usually takes a few seconds. You can leave this page: the change is made when the payment is
            confirmed.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

function Applied({ payment }: { payment: TPayment }) {
  return (
    <Card className="max-w-xl">
      <CardContent className="space-y-4">
        <div role="status" className="flex items-start gap-3">
          <CircleCheck
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-success-surface-foreground"
          />
          <div className="space-y-1">
            <h2 className="font-semibold text-foreground">Your subscription is updated</h2>
            <p className="text-sm text-muted-foreground">
              {payment.plan}, {formatCapacity(payment.capacity_tib)}.
            </p>
          </div>
        </div>
        <p className="text-sm text-foreground">
          Your licence now covers {formatCapacity(payment.capacity_tib)}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/subscription" className={buttonVariants()}>
            See your subscription
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link to="/license" className={buttonVariants({ variant: "secondary" })}>
            See your licence
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

function Failed({ payment }: { payment: TPayment }) {
  const canceled = payment.status === "canceled";
  return (
    <div className="max-w-xl space-y-4">
      <ErrorAlert>
        <p className="font-medium">
          {canceled ? BILLING_MESSAGES.paymentCanceled : BILLING_MESSAGES.paymentFailed}
        </p>
        {!canceled && payment.failure_message && <p>{payment.failure_message}</p>}
      </ErrorAlert>
      <Link to={upgradeAgainPath(payment)} className={buttonVariants()}>
        {canceled ? "Start again" : "Try another card"}
      </Link>
    </div>
  );
}

function NoPayment({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      description={<p>{text}</p>}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={UPGRADE_PATH} className={buttonVariants()}>
            Upgrade subscription
          </Link>
          <Link to="/subscription" className={buttonVariants({ variant: "secondary" })}>
            See your subscription
          </Link>
        </div>
      }
    />
  );
}

/**
 * A redirect-based method (a bank's page) takes the browser away inside Stripe's confirmPayment,
 * before the card form can send POST upgrade; Stripe marks that return with `redirect_status`.
 * The change is then recorded here, from the payment itself (its plan and capacity; consent was
 * given at prepare). Sending it again is harmless: the server keeps the first request.
 */
function useRecordAfterRedirect(accountId: number, payment: TPayment | undefined, redirected: boolean) {
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: (paid: TPayment) =>
      upgradeApi.upgrade(accountId, {
        service_type: paid.plan,
        capacity: paid.capacity_tib,
        unit: "TiB",
        consent_received: true,
        payment_intent_id: paid.payment_intent_id,
      }),
    onSuccess: (_answer, paid) =>
      queryClient.invalidateQueries({ queryKey: upgradeKeys.payment(accountId, paid.payment_intent_id) }),
  });
  const wanted = redirected && payment !== undefined && !paymentSettled(payment);
  const { isIdle, mutate } = record;
  useEffect(() => {
    if (wanted && isIdle && payment) mutate(payment);
  }, [wanted, isIdle, payment, mutate]);
  return record;
}

function PaymentProgress({
  accountId,
  paymentIntentId,
  redirected,
}: {
  accountId: number;
  paymentIntentId: string;
  redirected: boolean;
}) {
  const queryClient = useQueryClient();
  const payment = useQuery(paymentQuery(accountId, paymentIntentId));
  const record = useRecordAfterRedirect(accountId, payment.data, redirected);
  const applied = payment.data?.applied === true;
  useEffect(() => {
    // The plan, the capacity and the licence all changed: what other screens hold is stale.
    if (!applied) return;
    void queryClient.invalidateQueries({ queryKey: subscriptionKeys.detail(accountId) });
    void queryClient.invalidateQueries({ queryKey: licenceKeys.all });
  }, [applied, accountId, queryClient]);
  if (payment.isError)
    return isApiError(payment.error) && payment.error.status === 404 ? (
      <NoPayment
        title={BILLING_MESSAGES.paymentNotFound}
        text="This payment is not one of your organization's."
      />
    ) : (
      <QueryError query={payment} />
    );
  if (!payment.data)
    return (
      <LoadingRegion label="Loading the payment" className="max-w-xl">
        <Skeleton className="h-28 w-full" />
      </LoadingRegion>
    );
  if (payment.data.applied) return <Applied payment={payment.data} />;
  if (paymentSettled(payment.data)) return <Failed payment={payment.data} />;
  if (record.isError) {
    const paid = payment.data;
    return (
      <div className="max-w-xl space-y-3">
        <ErrorAlert>{errorMessage(record.error)}</ErrorAlert>
        <Button onClick={() => record.mutate(paid)}>Try again</Button>
      </div>
    );
  }
  return <Confirming payment={payment.data} />;
}

export default function UpgradeConfirmationScreen() {
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const paymentIntentId = returnedPaymentId(params);
  let body: ReactNode;
  if (!paymentIntentId)
    body = (
      <NoPayment
        title="No payment to confirm"
        text="This page shows a payment after you pay for a subscription change. Start from the upgrade page."
      />
    );
  else if (user.isError) body = <QueryError query={user} />;
  else if (!user.data)
    body = (
      <LoadingRegion label="Loading the payment" className="max-w-xl">
        <Skeleton className="h-28 w-full" />
      </LoadingRegion>
    );
  else if (user.data.accountId === null)
    body = (
      <EmptyState
        icon={Building2}
        title="No organization chosen"
        description={<p>Choose the organization that made the payment at the top of the page.</p>}
      />
    );
  else
    body = (
      <PaymentProgress
        key={`${user.data.accountId}-${paymentIntentId}`}
        accountId={user.data.accountId}
        paymentIntentId={paymentIntentId}
        redirected={params.has("redirect_status")}
      />
    );
  return (
    <>
      <Header />
      {body}
    </>
  );
}
