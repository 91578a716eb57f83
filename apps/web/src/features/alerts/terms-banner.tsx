/**
 * The terms banner of spec §8: while the viewer has an unread TNC_UPDATE alert (the summary's
 * `tnc`), "Please review the revised Terms and Conditions." with a link to the revised terms and
 * OK, which marks the alert read. It goes at once here, and in other tabs with the alerts-read
 * frame.
 */
import { ALERT_MESSAGES } from "@portico/shared/schemas/alerts";
import { useQuery } from "@tanstack/react-query";
import ScrollText from "lucide-react/icons/scroll-text";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { alertSummaryQuery } from "./api";
import { useSetAlertRead } from "./use-alert-actions";

export function TermsBanner({ enabled }: { enabled: boolean }) {
  const summary = useQuery({ ...alertSummaryQuery, enabled });
  const markRead = useSetAlertRead({ quiet: true });
  const tnc = summary.data?.tnc;
  if (!enabled || !tnc) return null;
  return (
    <section
      aria-label="Revised terms"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-link/25 bg-info-surface px-4 py-2.5 text-sm text-info-surface-foreground sm:px-6"
    >
      <ScrollText aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {ALERT_MESSAGES.tncBanner}{" "}
        {tnc.link && (
          <Link to={tnc.link} className="font-medium underline underline-offset-4">
            Read the revised terms
          </Link>
        )}
      </p>
      <Button size="sm" variant="secondary" onClick={() => markRead.mutate({ alert: tnc, read: true })}>
        OK
      </Button>
    </section>
  );
}
