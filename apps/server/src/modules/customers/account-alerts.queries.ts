/**
 * The account's alerts (the customer page's Alerts tab). raiseAlerts writes one row per recipient,
 * all in one statement with clock_timestamp(), so one raised alert is the rows sharing its type,
 * text, link, issue and second: a row here, with how many got it and how many read it.
 */
import type { AlertType } from "@portico/shared/schemas/alerts";
import { sql } from "drizzle-orm";
import { alerts } from "../../db/schema";
import type { Executor } from "../../platform/db/client";

interface AlertGroupRow {
  alert_id: number | string;
  type: AlertType;
  message: string;
  link: string | null;
  created_at: Date | string;
  recipients: number | string;
  read: number | string;
  total: number | string;
}

export async function listAccountAlerts(
  exec: Executor,
  accountId: number,
  page: { page: number; pageSize: number },
) {
  const result = (await exec.execute(sql`
    with raised as (
      select min(id) as alert_id, type, message, link, min(created_at) as created_at,
             count(*) as recipients, count(read_at) as read
      from ${alerts}
      where account_id = ${accountId}
      group by type, message, link, issue_number, date_trunc('second', created_at)
    )
    select raised.*, count(*) over () as total from raised
    order by created_at desc, alert_id desc
    limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`)) as unknown as {
    rows: AlertGroupRow[];
  };
  const total = result.rows[0] ? Number(result.rows[0].total) : await countRaised(exec, accountId);
  return {
    items: result.rows.map((row) => ({
      alert_id: Number(row.alert_id),
      type: row.type,
      message: row.message,
      link: row.link,
      created_at: new Date(row.created_at).toISOString(),
      recipients: Number(row.recipients),
      read: Number(row.read),
    })),
    total,
    page: page.page,
    page_size: page.pageSize,
  };
}

/** The count when the page asked for is past the end (no row carries it). */
async function countRaised(exec: Executor, accountId: number): Promise<number> {
  const result = (await exec.execute(sql`
    select count(*) as n from (
      select 1 from ${alerts} where account_id = ${accountId}
      group by type, message, link, issue_number, date_trunc('second', created_at)) g`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
