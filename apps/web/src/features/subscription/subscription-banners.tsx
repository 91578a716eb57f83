/**
 * Subscription banners under the top bar (spec §4 cancel-at warning, §6 no-support flag, §8
 * failed payment and expired subscription), about the organization acted on. Customers see their
 * own; engineers see a customer's while acting for it, marked with the customer's name. They come
 * from the subscription query (cached a minute, shared with /subscription); while it loads or when
 * it fails nothing shows, and nothing waits for it.
 */
import { type TUserInfo, VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { useQuery } from "@tanstack/react-query";
import CalendarX from "lucide-react/icons/calendar-x";
import CreditCard from "lucide-react/icons/credit-card";
import LifeBuoy from "lucide-react/icons/life-buoy";
import ShieldOff from "lucide-react/icons/shield-off";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { subscriptionQuery, type TSubscriptionResponse } from "./api";

const SUBSCRIPTION_STALE_MS = 60_000;

export const EXPIRED_LICENCE_TEXT =
  "Its licence is no longer valid: the software falls back to the GNU AGPL v3, and the AGPL's obligations apply to how you run and share it.";
export const NO_SUPPORT_TEXT =
  "Support requests from this organization are answered on a best-effort basis, without a response time.";

const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** "3 March 2027", in the viewer's time zone. */
export function formatLongDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}

/** The organization whose subscription the banners are about; null: none (or the vendor's own). */
function bannerAccount(user: TUserInfo | undefined): number | null {
  if (!user || user.accountId === null) return null;
  if (user.isEngineer && user.accountId === VENDOR_ACCOUNT_ID) return null;
  return user.accountId;
}

export interface BannerConditions {
  paymentFailed: boolean;
  /** The subscription has ended: when, or null while it runs. */
  endedOn: string | null;
  /** A SUBSCRIBED account's cancel date has passed but the end is not recorded yet. */
  cancelledOn: string | null;
  noSupport: boolean;
}

export function bannerConditions(data: TSubscriptionResponse, now: number): BannerConditions {
  const sub = data.subscription;
  const ended = sub !== null && (sub.status === "canceled" || sub.ended_at !== null);
  const cancelPassed =
    !ended &&
    data.account_type === "SUBSCRIBED" &&
    sub?.cancel_at != null &&
    Date.parse(sub.cancel_at) <= now;
  return {
    paymentFailed: data.payment_failed,
    endedOn: ended ? (sub.ended_at ?? sub.cancel_at ?? sub.current_period_end) : null,
    cancelledOn: cancelPassed ? (sub?.cancel_at ?? null) : null,
    noSupport: !data.has_support,
  };
}

const TONES = {
  danger: "border-danger/30 bg-danger-surface text-danger-surface-foreground",
  warning: "border-warning-surface-foreground/25 bg-warning-surface text-warning-surface-foreground",
  info: "border-link/25 bg-info-surface text-info-surface-foreground",
} as const;

const linkClass = "font-medium whitespace-nowrap underline underline-offset-4";

function Banner({
  label,
  tone,
  icon,
  customer,
  children,
  action,
}: {
  label: string;
  tone: keyof typeof TONES;
  icon: ReactNode;
  /** The customer's name when an engineer sees it for them. */
  customer: string | null;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-label={customer ? `${label} (${customer})` : label}
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-2.5 text-sm sm:px-6",
        TONES[tone],
      )}
    >
      {icon}
      <div className="min-w-0 flex-1 space-y-0.5">
        {customer && (
          <p className="text-xs font-semibold tracking-wide uppercase opacity-80">
            {customer}'s subscription
          </p>
        )}
        {children}
      </div>
      {action}
    </section>
  );
}

const iconClass = "size-4 shrink-0";

function NoSupportFlag({ accountId, customer }: { accountId: number; customer: string | null }) {
  const key = `portico.noSupportCollapsed.${accountId}`;
  const [collapsed, setCollapsed] = useState(() => readSessionFlag(key));
  const toggle = (next: boolean) => {
    setCollapsed(next);
    writeSessionFlag(key, next);
  };
  if (collapsed) {
    return (
      <div className="flex justify-end border-b px-4 py-1 sm:px-6">
        <Button size="sm" variant="ghost" aria-expanded={false} onClick={() => toggle(false)}>
          <LifeBuoy aria-hidden="true" />
          No support plan{customer ? ` (${customer})` : ""}
        </Button>
      </div>
    );
  }
  return (
    <Banner
      label="Support plan"
      tone="info"
      icon={<LifeBuoy aria-hidden="true" className={iconClass} />}
      customer={customer}
      action={
        <Button size="sm" variant="ghost" aria-expanded={true} onClick={() => toggle(true)}>
          Hide
        </Button>
      }
    >
      <p>
        <span className="font-medium">No support plan.</span> {NO_SUPPORT_TEXT}{" "}
        <Link to="/upgrade-subscription" className={linkClass}>
          Contact sales
        </Link>
      </p>
    </Banner>
  );
}

// Collapsing lasts for the browser session; storage may be unavailable (private modes).
function readSessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

function writeSessionFlag(key: string, on: boolean): void {
  try {
    if (on) sessionStorage.setItem(key, "1");
    else sessionStorage.removeItem(key);
  } catch {
    // The state still holds for this page.
  }
}

export function SubscriptionBanners({ user }: { user: TUserInfo | undefined }) {
  const accountId = bannerAccount(user);
  const subscription = useQuery({
    ...subscriptionQuery(accountId ?? 0),
    enabled: accountId !== null,
    staleTime: SUBSCRIPTION_STALE_MS,
  });
  const data = subscription.data;
  if (accountId === null || !data || !user) return null;
  const customer = user.isEngineer ? (user.companyName ?? data.company) : null;
  const shown = bannerConditions(data, Date.now());
  const resubscribeLabel = data.account_type === "CUSTOM" ? "Contact sales" : "Resubscribe";
  const resubscribeTo = data.account_type === "CUSTOM" ? "/upgrade-subscription" : "/subscription";

  return (
    <>
      {shown.paymentFailed && (
        <Banner
          label="Payment problem"
          tone="danger"
          icon={<CreditCard aria-hidden="true" className={iconClass} />}
          customer={customer}
          action={
            <Link to="/subscription" className={linkClass}>
              Update payment method
            </Link>
          }
        >
          <p>{BILLING_MESSAGES.paymentFailed}</p>
        </Banner>
      )}
      {shown.endedOn && (
        <Banner
          label="Subscription ended"
          tone="danger"
          icon={<ShieldOff aria-hidden="true" className={iconClass} />}
          customer={customer}
          action={
            <Link to={resubscribeTo} className={linkClass}>
              {resubscribeLabel}
            </Link>
          }
        >
          <p className="font-medium">Your subscription ended on {formatLongDate(shown.endedOn)}.</p>
          <p>{EXPIRED_LICENCE_TEXT}</p>
        </Banner>
      )}
      {shown.cancelledOn && (
        <Banner
          label="Subscription cancelled"
          tone="warning"
          icon={<CalendarX aria-hidden="true" className={iconClass} />}
          customer={customer}
          action={
            <Link to="/subscription" className={linkClass}>
              Resubscribe
            </Link>
          }
        >
          <p>Your subscription was cancelled on {formatLongDate(shown.cancelledOn)}.</p>
        </Banner>
      )}
      {shown.noSupport && <NoSupportFlag accountId={accountId} customer={customer} />}
    </>
  );
}
