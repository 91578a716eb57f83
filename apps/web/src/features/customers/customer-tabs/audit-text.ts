/**
 * The History tab's words: every audit action (AUDIT_ACTIONS) in plain words, and an entry's
 * details ({field: {from, to}}, {email}, {minutes}, {added, removed}, …) as short readable lines.
 */
import type { AuditAction } from "@portico/shared/schemas/customers";

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  "account.created": "Organization created",
  "account.renamed": "Organization renamed",
  "account.details_updated": "Organization details changed",
  "account.disabled": "Organization disabled",
  "account.enabled": "Organization enabled",
  "account.deleted": "Organization deleted",
  "user.invited": "User invited",
  "invite.revoked": "Invitation revoked",
  "user.removed": "User removed from the organization",
  "user.disabled": "User disabled",
  "user.enabled": "User enabled",
  "user.made_owner": "User made owner",
  "user.owner_removed": "Owner role removed",
  "user.team_added": "User added to the organization",
  "user.team_moved": "User moved to another organization",
  "user.admin_granted": "Made vendor admin",
  "user.admin_revoked": "Vendor admin role removed",
  "user.mfa_enabled": "Sign-in code turned on",
  "user.mfa_disabled": "Sign-in code turned off",
  "licence.trial_issued": "Trial licence issued",
  "subscription.changed": "Subscription changed",
  "subscription.ended": "Subscription ended",
  "subscription.cancelled": "Subscription cancelled",
  "subscription.reactivated": "Subscription re-activated",
  "file.uploaded": "File uploaded",
  "file.deleted": "File deleted",
  "time.logged": "Time logged",
  "time.deleted": "Time log entry deleted",
  "engineers.changed": "Assigned engineers changed",
  "use_cases.changed": "Use cases changed",
};

/** The label of an action; an action a newer server records falls back to its code. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
}

/** "has_support" → "Has support"; "on_behalf" → "On behalf". */
function fieldName(key: string): string {
  const words = key.replace(/[_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(valueText).join(", ");
  if (typeof value === "object") {
    const named = value as { name?: unknown; company?: unknown };
    if (typeof named.name === "string") return named.name;
    if (typeof named.company === "string") return named.company;
    return JSON.stringify(value);
  }
  return String(value);
}

function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === "object" && value !== null && "from" in value && "to" in value;
}

/**
 * An entry's details, one line per key: a change reads "Has support: no → yes", anything else
 * "Email: ada@example.com"; a rename's {from, to} reads "Old → New". Empty details give no lines.
 */
export function auditDetailLines(details: Record<string, unknown>): string[] {
  // A change of the whole thing (a rename: {from, to}) reads "Old name → New name".
  if (isChange(details)) {
    const { from, to, ...rest } = details;
    return [`${valueText(from)} → ${valueText(to)}`, ...auditDetailLines(rest)];
  }
  return Object.entries(details).map(([key, value]) =>
    isChange(value)
      ? `${fieldName(key)}: ${valueText(value.from)} → ${valueText(value.to)}`
      : `${fieldName(key)}: ${valueText(value)}`,
  );
}
