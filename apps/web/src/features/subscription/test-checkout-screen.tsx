/**
 * /billing/test-checkout/:paymentIntentId (issue 14): the test-mode stand-in for a provider's
 * hosted checkout page (what Chargebee's hosted page is in production). It shows who is paying
 * what, takes a test card with the same form as the card step, and returns to the payment's
 * return_url, as a provider's page does.
 */
import { formatMoney } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import SearchX from "lucide-react/icons/search-x";
import { useNavigate, useParams } from "react-router";
import { Notice, QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { isApiError } from "../../lib/api-client";
import { TestCardForm } from "./test-card-form";
import { followReturnUrl, type TTestCheckoutInfo, testCheckoutQuery } from "./upgrade-api";

const TITLE = "Test checkout";

/** A card is taken only while the payment waits for one (or after a failed one, to try another). */
const payable = (info: TTestCheckoutInfo) =>
  info.status === "requires_payment_method" || info.status === "failed";

function Checkout({ info }: { info: TTestCheckoutInfo }) {
  const navigate = useNavigate();
  const amount = formatMoney(info.amount_minor, info.currency);
  const summary = (
    <dl className="grid gap-x-6 gap-y-2 rounded-md border bg-muted/30 p-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Organization</dt>
        <dd className="font-medium text-foreground">{info.company}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="font-medium text-foreground">{amount}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-muted-foreground">For</dt>
        <dd className="text-foreground">{info.description}</dd>
      </div>
    </dl>
  );
  if (!payable(info))
    return (
      <div className="max-w-xl space-y-4">
        {summary}
        <Notice>This payment has already been submitted.</Notice>
        <Button onClick={() => followReturnUrl(info.return_url, navigate)}>
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    );
  return (
    <TestCardForm
      paymentIntentId={info.payment_intent_id}
      clientSecret={info.client_secret}
      submitLabel={`Pay ${amount}`}
      summary={summary}
      onConfirmed={(answer) => followReturnUrl(answer.return_url ?? info.return_url, navigate)}
    />
  );
}

export default function TestCheckoutScreen() {
  const { paymentIntentId = "" } = useParams();
  const info = useQuery(testCheckoutQuery(paymentIntentId));
  return (
    <>
      <PageHeader title={TITLE} description="The test-mode provider's payment page." />
      {info.isError ? (
        isApiError(info.error) && info.error.status === 404 ? (
          <EmptyState
            icon={SearchX}
            title={BILLING_MESSAGES.paymentNotFound}
            description={<p>This checkout does not exist, or belongs to another organization.</p>}
          />
        ) : (
          <QueryError query={info} />
        )
      ) : !info.data ? (
        <LoadingRegion label="Loading the checkout" className="max-w-xl space-y-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </LoadingRegion>
      ) : (
        <Checkout info={info.data} />
      )}
    </>
  );
}
