/**
 * Spec §6: "Non-engineers of cancelled plans are restricted." Members of an organization whose
 * plan status is canceled may still read their issues, but not open new ones or raise a panic;
 * the entry points say why and lead to /subscription. Engineers are never restricted (they act
 * for the customer). The server refuses the same calls; this only saves a useless form.
 */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { Link } from "react-router";

// S2 may add BILLING_MESSAGES.restricted with this text; until then it lives here.
export const RESTRICTED_MESSAGE =
  "This organization's subscription has ended. Resubscribe to open new issues.";

export function isRestricted(user: TUserInfo | undefined): boolean {
  return user !== undefined && !user.isEngineer && user.accountType?.status === "canceled";
}

/** The reason beside a disabled entry point; `id` is what the control's aria-describedby names. */
export function RestrictedReason({ id, className }: { id: string; className?: string }) {
  return (
    <p className={className ?? "text-sm text-muted-foreground"}>
      <span id={id}>{RESTRICTED_MESSAGE}</span>{" "}
      <Link to="/subscription" className="font-medium text-link underline-offset-2 hover:underline">
        Go to Subscription
      </Link>
    </p>
  );
}
