/**
 * An alert's longer text (`detail`: a notification's message, issue 17) under its one-line
 * message, and the look of a notification engineers sent (an announcement, with its megaphone).
 */
import type { TAlert } from "@portico/shared/schemas/alerts";
import Megaphone from "lucide-react/icons/megaphone";
import { cn } from "../../lib/cn";

/** The longer text of an alert, if it has one worth showing. */
export function alertDetail(alert: TAlert): string | null {
  return alert.detail?.trim() ? alert.detail : null;
}

/** A notification engineers sent (NOTICE): shown as an announcement. */
export function isAnnouncement(alert: TAlert): boolean {
  return alert.type === "NOTICE";
}

export function AnnouncementIcon({ className }: { className?: string }) {
  return <Megaphone aria-hidden="true" className={cn("size-4 shrink-0 text-link", className)} />;
}

/** The detail as written (line breaks kept); `compact` clamps it to three lines (the bell). */
export function AlertDetail({ alert, compact = false }: { alert: TAlert; compact?: boolean }) {
  const detail = alertDetail(alert);
  if (!detail) return null;
  return (
    <span
      className={cn(
        "block break-words whitespace-pre-line",
        compact ? "line-clamp-3 text-xs text-muted-foreground" : "text-sm text-foreground",
      )}
    >
      {detail}
    </span>
  );
}
