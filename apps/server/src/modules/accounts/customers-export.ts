/**
 * GET accountsinfo/export: every account the list's filters match, in the list's order, as CSV
 * (CUSTOMER_CSV_COLUMNS). The ids are read once in order, then the rows in batches, each batch
 * written to CSV text before the next is read: 20,000 accounts never sit in memory as objects.
 */
import { ENGINEER_ROLES } from "@portico/shared/rules/roles";
import { CUSTOMER_CSV_COLUMNS, type TCustomerRow } from "@portico/shared/schemas/customers";
import type { Viewer } from "../../platform/auth/viewer";
import { csvLines, toCsv } from "../../platform/csv";
import type { Executor } from "../../platform/db/client";
import { type CustomerFilterQuery, customerIdsInOrder, customerRowsByIds } from "./customer-list.queries";

const BATCH = 1000;

function csvRow(row: TCustomerRow): (string | number | null)[] {
  const holders = (role: string) =>
    row.engineers
      .filter((e) => e.role === role)
      .map((e) => e.name)
      .join("; ");
  return [
    row.account_id,
    row.company,
    row.is_disabled ? "disabled" : "active",
    row.account_type.serviceType,
    row.account_type.status,
    row.is_trial ? "yes" : "no",
    row.users,
    row.contract_capacity,
    row.reported_capacity,
    row.sla_hours,
    row.subscription_provider,
    row.currency_code,
    ...ENGINEER_ROLES.map(holders),
    row.last_message_at,
    row.created_at,
  ];
}

/** The file's name for the day it was made: customers-YYYY-MM-DD.csv (UTC). */
export const customersCsvFilename = (now = new Date()) => `customers-${now.toISOString().slice(0, 10)}.csv`;

/** The CSV of the matching accounts (header row first, CRLF line ends). */
export async function customersCsv(
  exec: Executor,
  viewer: Viewer,
  query: CustomerFilterQuery,
): Promise<string> {
  const ids = await customerIdsInOrder(exec, viewer, query);
  const parts = [toCsv(CUSTOMER_CSV_COLUMNS, [])];
  for (let start = 0; start < ids.length; start += BATCH) {
    const rows = await customerRowsByIds(exec, viewer, ids.slice(start, start + BATCH));
    parts.push(csvLines(rows.map(csvRow)));
  }
  return parts.join("");
}
