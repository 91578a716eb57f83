/**
 * Alerts (GET accounts/:id/alerts): the alerts raised about this organization, one row per alert
 * however many users got it, with how many of them read it.
 */
import { ALERT_TYPES, type AlertType } from "@portico/shared/schemas/alerts";
import { useQuery } from "@tanstack/react-query";
import BellOff from "lucide-react/icons/bell-off";
import { useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { formatWhen } from "../../files/format";
import { customerAlertsQuery, type TAccountAlertPage } from "../account-api";
import { type Column, PagedTab } from "./tab-parts";

type TAccountAlert = TAccountAlertPage["items"][number];

/** The alert type's name ("Panic issues"); a type this release does not know shows its code. */
function typeName(type: string): string {
  return ALERT_TYPES[type as AlertType]?.name ?? type;
}

/** Only links inside the portal are followed (an alert's link is a path such as /issues/42). */
function AlertMessage({ alert }: { alert: TAccountAlert }) {
  if (alert.link?.startsWith("/") && !alert.link.startsWith("//"))
    return (
      <Link to={alert.link} className="text-link underline-offset-4 hover:underline">
        {alert.message}
      </Link>
    );
  return <>{alert.message}</>;
}

const COLUMNS: readonly Column<TAccountAlert>[] = [
  {
    header: "Time",
    className: "whitespace-nowrap text-muted-foreground",
    cell: (alert) => <time dateTime={alert.created_at}>{formatWhen(alert.created_at)}</time>,
  },
  { header: "Type", className: "whitespace-nowrap", cell: (alert) => typeName(alert.type) },
  { header: "Message", className: "min-w-56 break-words", cell: (alert) => <AlertMessage alert={alert} /> },
  {
    header: "Read",
    className: "whitespace-nowrap tabular-nums",
    cell: (alert) => `${alert.read} of ${alert.recipients}`,
  },
];

export function AlertsTab({ accountId }: { accountId: number }) {
  const [page, setPage] = useState(1);
  return (
    <PagedTab
      id="customer-alerts"
      title="Alerts"
      query={useQuery(customerAlertsQuery(accountId, page))}
      page={page}
      onPage={setPage}
      columns={COLUMNS}
      rowKey={(alert) => alert.alert_id}
      empty={
        <EmptyState
          icon={BellOff}
          title="No alerts about this organization"
          description={
            <p>
              Alerts raised about its issues, clusters and subscription (panics, replies, renewals) show here.
            </p>
          }
          action={
            <Link to="?tab=issues" className={buttonVariants({ variant: "secondary" })}>
              See its issues
            </Link>
          }
        />
      }
    />
  );
}
