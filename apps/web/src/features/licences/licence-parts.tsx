/**
 * Pieces the licence screens share: the §4 expiry text in the colour of its urgency, the
 * capacity, and saving or copying a licence token.
 */
import { daysUntilExpiry } from "@portico/shared/rules/expiry";
import { Badge } from "../../components/ui/badge";
import { toast } from "../../components/ui/toast";
import { saveBlob } from "../../lib/download";

/** Amber from this many days before expiry. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryUrgency = "expired" | "soon" | "ok";

export function expiryUrgency(expiresAt: string, now: number = Date.now()): ExpiryUrgency {
  const days = daysUntilExpiry(expiresAt, now);
  if (days === null || days <= 0) return "expired";
  return days <= EXPIRY_WARNING_DAYS ? "soon" : "ok";
}

const URGENCY_BADGES = { expired: "danger", soon: "warning", ok: "success" } as const;

/** The server's expiry text (its clock decides the day), red once expired, amber within 30 days. */
export function ExpiryBadge({ expiresAt, text }: { expiresAt: string; text: string }) {
  const urgency = expiryUrgency(expiresAt);
  return (
    <Badge variant={URGENCY_BADGES[urgency]} data-urgency={urgency} className="whitespace-normal">
      {text}
    </Badge>
  );
}

/** A form's whole number goes as a number; anything else as text, so the schema's message names the field. */
export const numberOrText = (text: string): number | string =>
  /^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim();

export const formatTib = (tib: number) => `${tib.toLocaleString()} TiB`;

/** Saves a licence token the screen already holds as `<name>.jwt`. */
export function saveToken(token: string, name: string): void {
  saveBlob(new Blob([token], { type: "text/plain" }), name);
}

export async function copyToken(token: string, what = "The licence"): Promise<void> {
  try {
    await navigator.clipboard.writeText(token);
    toast.success(`${what} has been copied to the clipboard.`);
  } catch {
    toast.error("Could not copy. Download the licence instead.");
  }
}
