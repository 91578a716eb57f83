/**
 * Words and small pieces the subscription screens share: the status, provider, SLA, account type
 * and cancel reasons in words, dates, and the "Test mode" badge.
 */
import type { ACCOUNT_TYPES, PLAN_STATUSES, TUserInfo } from "@portico/shared/schemas/accounts";
import {
  type BillingProviderName,
  CANCEL_REASONS,
  type SLA_COVERAGES,
} from "@portico/shared/schemas/billing";
import Building2 from "lucide-react/icons/building-2";
import type { ReactNode } from "react";
import { QueryError } from "../../components/ui/alert";
import { Badge, type BadgeProps } from "../../components/ui/badge";
import type { Crumb } from "../../components/ui/breadcrumbs";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { cn } from "../../lib/cn";
import { useCurrentUser } from "../../lib/current-user";

type Variant = NonNullable<BadgeProps["variant"]>;
type PlanStatus = (typeof PLAN_STATUSES)[number];
type AccountType = (typeof ACCOUNT_TYPES)[number];

export const STATUS_LABELS: Record<PlanStatus, { label: string; variant: Variant }> = {
  active: { label: "Active", variant: "success" },
  canceled: { label: "Cancelled", variant: "neutral" },
  past_due: { label: "Past due", variant: "danger" },
};

export const PROVIDER_LABELS: Record<BillingProviderName, string> = {
  STRIPE: "Stripe",
  CHARGEBEE: "Chargebee",
};

export const COVERAGE_LABELS: Record<(typeof SLA_COVERAGES)[number], string> = {
  "business-hours": "business hours",
  "24x7": "24×7",
};

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  SUBSCRIBED: "Subscribed (recurring)",
  CUSTOM: "Custom (arranged with sales)",
};

export type CancelReason = (typeof CANCEL_REASONS)[number];

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  "too-expensive": "It costs too much",
  "moving-to-another-product": "We are moving to another product",
  "no-longer-needed": "We no longer need it",
  "missing-features": "Features we need are missing",
  "support-experience": "We were unhappy with support",
  other: "Another reason",
};

export const CANCEL_REASON_OPTIONS = CANCEL_REASONS.map((value) => ({
  value,
  label: CANCEL_REASON_LABELS[value],
}));

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** A day of the billing calendar ("12 Mar 2027") in the browser's locale. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dayFormat.format(date);
}

export function formatSla(hours: number, coverage: keyof typeof COVERAGE_LABELS): string {
  return `${hours} ${hours === 1 ? "hour" : "hours"}, ${COVERAGE_LABELS[coverage]}`;
}

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { label, variant } = STATUS_LABELS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

/** Payments go to the local test provider: no real money moves. Never easy to miss. */
export function TestModeBadge() {
  return (
    <Badge variant="warning" className="uppercase" title="No real money moves: payments use test cards">
      Test mode
    </Badge>
  );
}

/** A label and its value in a definition list. */
export function Term({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-sm break-words text-foreground">{children}</dd>
    </div>
  );
}

/**
 * The signed-in user and the organization acted on: the screen's header while they load or fail,
 * or when no organization is chosen; otherwise `children` with the organization's id.
 */
export function OrganizationGate({
  title,
  breadcrumbs,
  what,
  loading,
  children,
}: {
  title: string;
  breadcrumbs?: readonly Crumb[];
  /** "Choose an organization … to see its {what}." */
  what: string;
  loading: ReactNode;
  children: (info: TUserInfo & { accountId: number }) => ReactNode;
}) {
  const user = useCurrentUser();
  const info = user.data;
  const header = <PageHeader title={title} {...(breadcrumbs ? { breadcrumbs } : {})} />;
  if (user.isError)
    return (
      <>
        {header}
        <QueryError query={user} />
      </>
    );
  if (!info)
    return (
      <>
        {header}
        {loading}
      </>
    );
  if (info.accountId === null)
    return (
      <>
        {header}
        <EmptyState
          icon={Building2}
          title="No organization chosen"
          description={<p>Choose an organization at the top of the page to see its {what}.</p>}
        />
      </>
    );
  // A new organization (the switcher) is a new screen: the caller keys its content by the id.
  return <>{children({ ...info, accountId: info.accountId })}</>;
}
