/**
 * /upgrade-subscription (spec §2.2, §5 capacity, §6, §7.1, §8; issue 14): choose a plan and a
 * capacity, see the server's estimate as you type, accept the terms and pay — or, above the
 * plan's self-serve cap, send the contact-sales form. Serves the first subscription (currency
 * chosen then), a change mid-term, and a resubscription (`?resubscribe=1`). Who may is the
 * server's answer (`abilities` of GET subscription); anyone else reads its reason.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { CAPACITY_UNITS, type CapacityUnit, type Currency, toTib } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, termsTypeOf, ZPrepareUpgradeRequest } from "@portico/shared/schemas/billing";
import { normalizeCapacityInput } from "@portico/shared/validation";
import { z } from "@portico/shared/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import Building2 from "lucide-react/icons/building-2";
import ShieldAlert from "lucide-react/icons/shield-alert";
import { type ReactNode, useState } from "react";
import { type Control, useController, useForm, useWatch } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { BoundCheckbox } from "../../components/forms/controlled-fields";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Button, buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Field } from "../../components/ui/field";
import { PageHeader } from "../../components/ui/page-header";
import { linkClass } from "../../components/ui/public-page";
import { RadioGroup } from "../../components/ui/radio-group";
import { Select } from "../../components/ui/select";
import { FormSkeleton } from "../../components/ui/skeleton";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { useDebouncedValue } from "../search/use-debounced-value";
import { subscriptionQuery, type TSubscriptionResponse } from "./api";
import { ContactSalesForm } from "./contact-sales-form";
import {
  type EstimateInput,
  leaveForCheckout,
  type TUpgradePlan,
  upgradeApi,
  upgradeEstimateQuery,
  upgradePlansQuery,
} from "./upgrade-api";
import { CardStep, type PreparedChange } from "./upgrade-checkout";
import { EstimatePanel, PlanCards } from "./upgrade-parts";

const TITLE = "Upgrade subscription";
// Two links side by side under the checkbox: each a 24 px touch target (WCAG 2.5.8; axe at a phone's width).
const consentLinkClass = `${linkClass} inline-flex min-h-6 items-center`;
const ESTIMATE_DEBOUNCE_MS = 400;

export type ChangeKind = "subscribe" | "upgrade" | "resubscribe";

/** What this viewer may do here now, from the server's abilities; null: nothing (show the reason). */
export function changeKindOf(
  abilities: TSubscriptionResponse["abilities"],
  wantsResubscribe: boolean,
): ChangeKind | null {
  if (abilities.resubscribe && (wantsResubscribe || (!abilities.manage && !abilities.subscribe)))
    return "resubscribe";
  if (abilities.manage) return "upgrade";
  if (abilities.subscribe) return "subscribe";
  return null;
}

const DESCRIPTIONS: Record<ChangeKind, (company: string) => string> = {
  subscribe: (company) => `Choose a plan and capacity for ${company}. A term is 12 months, paid up front.`,
  upgrade: (company) =>
    `Change the plan or capacity of ${company}. The change starts now; you pay the difference for the rest of the current term.`,
  resubscribe: (company) => `Start the subscription of ${company} again: a new 12-month term from today.`,
};

// A checkbox holds a boolean; the request's literal `true` is what it must be to submit.
const upgradeFormSchema = ZPrepareUpgradeRequest.extend({
  consent_received: z.boolean().refine((accepted) => accepted, BILLING_MESSAGES.consentRequired),
});
type UpgradeFormInput = z.input<typeof upgradeFormSchema>;
type UpgradeFormOutput = z.output<typeof upgradeFormSchema>;
type FormControl = Control<UpgradeFormInput, unknown, UpgradeFormOutput>;

const UNIT_OPTIONS = CAPACITY_UNITS.map((unit) => ({ value: unit, label: unit }));
const CURRENCY_OPTIONS = [
  { value: "USD", label: "US dollars (USD)" },
  { value: "EUR", label: "Euros (EUR)" },
] as const;

function CapacityField({ control, hint }: { control: FormControl; hint: string | undefined }) {
  const { field, fieldState } = useController({ control, name: "capacity" });
  return (
    <TextField
      label="Capacity"
      name={field.name}
      ref={field.ref}
      value={String(field.value ?? "")}
      onBlur={field.onBlur}
      // §5: digits only, leading zeros dropped, at most CAPACITY_MAX_LENGTH, as it is typed. No
      // maxLength: the browser would cut "000123456789" to "000123456" before the zeros go.
      onChange={(event) => field.onChange(normalizeCapacityInput(event.target.value))}
      inputMode="numeric"
      autoComplete="off"
      className="min-w-0 flex-1"
      hint={hint}
      error={fieldState.error?.message}
    />
  );
}

function UnitField({ control }: { control: FormControl }) {
  const { field } = useController({ control, name: "unit" });
  return (
    <Field label="Unit" className="w-28 shrink-0">
      {(controlProps) => (
        <Select
          {...controlProps}
          options={UNIT_OPTIONS}
          value={field.value ?? "TiB"}
          onValueChange={(unit) => field.onChange(unit as CapacityUnit)}
        />
      )}
    </Field>
  );
}

function CurrencyField({ control }: { control: FormControl }) {
  const { field } = useController({ control, name: "currency" });
  return (
    <RadioGroup
      label="Currency"
      options={CURRENCY_OPTIONS}
      value={field.value ?? "USD"}
      onValueChange={(currency) => field.onChange(currency as Currency)}
    />
  );
}

function PlanField({
  control,
  plans,
  currency,
}: {
  control: FormControl;
  plans: readonly TUpgradePlan[];
  currency: Currency;
}) {
  const { field, fieldState } = useController({ control, name: "service_type" });
  return (
    <PlanCards
      plans={plans}
      value={field.value}
      onValueChange={field.onChange}
      currency={currency}
      error={fieldState.error?.message}
    />
  );
}

/** Where the plan's capacity can go without sales: "From 1 TiB; above 25 TiB, contact sales." */
function capacityHint(plan: TUpgradePlan | undefined): string | undefined {
  if (!plan) return undefined;
  if (plan.self_serve_cap_tib <= 0) return `${plan.plan} is arranged with our sales team.`;
  return `From ${plan.min_capacity_tib} TiB; above ${plan.self_serve_cap_tib} TiB, contact sales.`;
}

function isAboveCap(plan: TUpgradePlan | undefined, capacity: string, unit: CapacityUnit): boolean {
  if (!plan || capacity === "") return false;
  return plan.self_serve_cap_tib <= 0 || toTib(Number(capacity), unit) > plan.self_serve_cap_tib;
}

function UpgradeForm({
  accountId,
  kind,
  subscription,
  plans,
  viewer,
  onPrepared,
}: {
  accountId: number;
  kind: ChangeKind;
  subscription: TSubscriptionResponse;
  plans: readonly TUpgradePlan[];
  viewer: { name: string; email: string };
  onPrepared: (change: PreparedChange) => void;
}) {
  const current = subscription.subscription;
  // A resubscription starts from the plan that ended (no plan is "current" then).
  const startPlan =
    plans.find((plan) => plan.plan === current?.plan) ?? plans.find((plan) => plan.is_current_plan);
  const form = useForm<UpgradeFormInput, unknown, UpgradeFormOutput>({
    resolver: zodResolver(upgradeFormSchema),
    defaultValues: {
      service_type: startPlan?.plan ?? plans[0]?.plan,
      capacity: current ? String(current.quantity_tib) : "",
      unit: "TiB",
      currency: subscription.currency ?? plans[0]?.currency ?? "USD",
      consent_received: false,
    },
  });
  const [serviceType, capacityText, unitValue, currencyValue] = useWatch({
    control: form.control,
    name: ["service_type", "capacity", "unit", "currency"],
  });
  const capacity = String(capacityText ?? "");
  const unit = unitValue ?? "TiB";
  const currency = (kind === "subscribe" ? currencyValue : subscription.currency) ?? currencyValue ?? "USD";
  const plan = plans.find((candidate) => candidate.plan === serviceType);

  const priced: EstimateInput = {
    service_type: serviceType,
    capacity,
    unit,
    currency: kind === "subscribe" ? currency : undefined,
  };
  const settled = useDebouncedValue(priced, ESTIMATE_DEBOUNCE_MS);
  const aboveCap = isAboveCap(plan, capacity, unit);
  const settledPlan = plans.find((candidate) => candidate.plan === settled.service_type);
  const estimate = useQuery({
    ...upgradeEstimateQuery(accountId, settled),
    enabled: settled.capacity !== "" && !isAboveCap(settledPlan, settled.capacity, settled.unit),
  });
  const contactSales = aboveCap || (estimate.data?.contact_sales === true && !estimate.isPlaceholderData);

  const prepare = useMutation({
    mutationFn: async (values: UpgradeFormOutput) => {
      const request = { service_type: values.service_type, capacity: values.capacity, unit: values.unit };
      if (kind === "resubscribe" && subscription.provider === "CHARGEBEE") {
        const hosted = await upgradeApi.chargebeeResubscribe(accountId, {
          ...request,
          consent_received: true,
        });
        return { kind: "hosted", url: hosted.url } as const;
      }
      const prepared =
        kind === "resubscribe"
          ? await upgradeApi.resubscribeCheckout(accountId, { ...request, consent_received: true })
          : await upgradeApi.prepare(accountId, {
              ...request,
              consent_received: true,
              ...(kind === "subscribe" ? { currency: values.currency } : {}),
            });
      if (prepared.checkout.kind === "hosted") return { kind: "hosted", url: prepared.checkout.url } as const;
      return { kind: "card", change: { prepared, request } } as const;
    },
    onSuccess: (result) => {
      if (result.kind === "hosted") leaveForCheckout(result.url);
      else onPrepared(result.change);
    },
  });

  const termsType = termsTypeOf(serviceType ?? "STANDARD");
  return (
    <div className="max-w-3xl space-y-6">
      <form
        noValidate
        aria-label={TITLE}
        className="space-y-6"
        onSubmit={form.handleSubmit((values) => prepare.mutate(values))}
      >
        <PlanField control={form.control} plans={plans} currency={currency} />
        <div className="flex max-w-md items-start gap-3">
          <CapacityField control={form.control} hint={capacityHint(plan)} />
          <UnitField control={form.control} />
        </div>
        {kind === "subscribe" && <CurrencyField control={form.control} />}
        {!contactSales && (
          <>
            <EstimatePanel
              estimate={estimate.data}
              error={estimate.error}
              idle={settled.capacity === "" || capacity === ""}
            />
            <BoundCheckbox
              control={form.control}
              name="consent_received"
              label="I accept the Terms and Conditions and the Privacy Policy"
            >
              <span className="flex flex-wrap gap-x-3 text-sm">
                <Link to={`/terms-and-conditions/${termsType}`} target="_blank" className={consentLinkClass}>
                  Read the terms
                </Link>
                <Link to="/privacy-policy" target="_blank" className={consentLinkClass}>
                  Read the privacy policy
                </Link>
              </span>
            </BoundCheckbox>
            <ErrorAlert>{prepare.isError ? errorMessage(prepare.error) : null}</ErrorAlert>
            <Button type="submit" busy={prepare.isPending || prepare.isSuccess}>
              Continue to payment
              <ArrowRight aria-hidden="true" />
            </Button>
          </>
        )}
      </form>
      {contactSales && plan && (
        // A new plan or capacity is a new request: a sent one does not stay on screen.
        <ContactSalesForm
          key={`${plan.plan}-${capacity}-${unit}`}
          accountId={accountId}
          serviceType={plan.plan}
          capacity={capacity}
          unit={unit}
          capTib={plan.self_serve_cap_tib}
          defaults={viewer}
        />
      )}
    </div>
  );
}

function NotAllowed({ reason }: { reason: string | null }) {
  return (
    <EmptyState
      icon={ShieldAlert}
      title="You cannot change this subscription"
      description={<p>{reason ?? BILLING_MESSAGES.ownersOnly}</p>}
      action={
        <Link to="/subscription" className={buttonVariants({ variant: "secondary" })}>
          See the subscription
        </Link>
      }
    />
  );
}

function OrganizationUpgrade({
  accountId,
  company,
  viewer,
}: {
  accountId: number;
  company: string;
  viewer: { name: string; email: string };
}) {
  const [params] = useSearchParams();
  const subscription = useQuery(subscriptionQuery(accountId));
  const kind = subscription.data
    ? changeKindOf(subscription.data.abilities, params.get("resubscribe") === "1")
    : null;
  const plans = useQuery({ ...upgradePlansQuery(accountId), enabled: kind !== null });
  const [change, setChange] = useState<PreparedChange | null>(null);
  const header = (
    <PageHeader
      title={TITLE}
      breadcrumbs={[{ label: "Subscription", to: "/subscription" }, { label: TITLE }]}
      description={kind ? DESCRIPTIONS[kind](company) : undefined}
    />
  );
  let body: ReactNode;
  if (subscription.isError) body = <QueryError query={subscription} />;
  else if (!subscription.data) body = <FormSkeleton fields={3} label="Loading the plans" />;
  else if (!kind) body = <NotAllowed reason={subscription.data.abilities.reason} />;
  else if (plans.isError) body = <QueryError query={plans} />;
  else if (!plans.data) body = <FormSkeleton fields={3} label="Loading the plans" />;
  else if (change) body = <CardStep accountId={accountId} change={change} onBack={() => setChange(null)} />;
  else
    body = (
      <UpgradeForm
        accountId={accountId}
        kind={kind}
        subscription={subscription.data}
        plans={plans.data}
        viewer={viewer}
        onPrepared={setChange}
      />
    );
  return (
    <>
      {header}
      {body}
    </>
  );
}

export default function UpgradeScreen() {
  const user = useCurrentUser();
  const info = user.data;
  if (user.isError)
    return (
      <>
        <PageHeader title={TITLE} />
        <QueryError query={user} />
      </>
    );
  if (!info)
    return (
      <>
        <PageHeader title={TITLE} />
        <FormSkeleton fields={3} label="Loading" />
      </>
    );
  if (info.accountId === null)
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState
          icon={Building2}
          title="No organization chosen"
          description={<p>Choose an organization at the top of the page to change its subscription.</p>}
        />
      </>
    );
  // A new organization (the switcher) is a new screen: nothing of the previous one stays.
  return (
    <OrganizationUpgrade
      key={info.accountId}
      accountId={info.accountId}
      company={info.companyName ?? "your organization"}
      viewer={{ name: info.name, email: info.email }}
    />
  );
}
