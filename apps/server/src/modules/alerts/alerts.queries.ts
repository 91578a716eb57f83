/**
 * The viewer's alerts (spec §7.2 alerts): a page newest first, the bell's summary, and the
 * subscriptions of §7.1. Every query is scoped to one user, so another user's alert is not found.
 * Unread counts use the partial index alerts_unread_idx (user_id where read_at is null).
 */
import {
  ALERT_CATEGORIES,
  ALERT_TYPE_CODES,
  ALERT_TYPES,
  type AlertCategory,
  type AlertType,
  type TAlert,
} from "@portico/shared/schemas/alerts";
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alertSubscriptions, alerts } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { presentAlert } from "./alerts.service";

const typesOf = (category: AlertCategory) =>
  ALERT_TYPE_CODES.filter((type) => ALERT_TYPES[type].category === category);

const columns = {
  id: alerts.id,
  type: alerts.type,
  message: alerts.message,
  detail: sql<string | null>`${alerts.data}->>'detail'`,
  link: alerts.link,
  issue_number: alerts.issueNumber,
  created_at: alerts.createdAt,
  read_at: alerts.readAt,
};

/** The user's unread alerts (the index answers it). */
export async function unreadCount(exec: Executor, userId: number): Promise<number> {
  const [row] = await exec
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)));
  return row?.n ?? 0;
}

export interface AlertListQuery {
  page: number;
  page_size: number;
  unread: boolean;
  category?: AlertCategory | undefined;
}

/** GET /api/chat/alerts: a page of the user's alerts, newest first, with totals. */
export async function listAlerts(exec: Executor, userId: number, query: AlertListQuery) {
  const filters: SQL[] = [eq(alerts.userId, userId)];
  if (query.unread) filters.push(isNull(alerts.readAt));
  if (query.category) filters.push(inArray(alerts.type, typesOf(query.category)));
  const where = and(...filters);
  const [rows, [total], unread] = await Promise.all([
    exec
      .select(columns)
      .from(alerts)
      .where(where)
      .orderBy(desc(alerts.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    exec.select({ n: count() }).from(alerts).where(where),
    unreadCount(exec, userId),
  ]);
  return {
    items: rows.map(presentAlert),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
    unread,
  };
}

/** GET /api/chat/alerts/summary: unread in all and per category, and the terms banner's alert. */
export async function alertSummary(exec: Executor, userId: number) {
  const unreadOnly = and(eq(alerts.userId, userId), isNull(alerts.readAt));
  const [byType, [tnc]] = await Promise.all([
    exec.select({ type: alerts.type, n: count() }).from(alerts).where(unreadOnly).groupBy(alerts.type),
    exec
      .select(columns)
      .from(alerts)
      .where(and(unreadOnly, eq(alerts.type, "TNC_UPDATE")))
      .orderBy(desc(alerts.id))
      .limit(1),
  ]);
  const byCategory = Object.fromEntries(ALERT_CATEGORIES.map((c) => [c, 0])) as Record<AlertCategory, number>;
  let unread = 0;
  for (const row of byType) {
    const info = ALERT_TYPES[row.type];
    if (!info) continue;
    byCategory[info.category] += row.n;
    unread += row.n;
  }
  return { unread, by_category: byCategory, tnc: tnc ? presentAlert(tnc) : null };
}

/** Marks one of the user's alerts read or unread; undefined when they have no such alert. */
export async function setAlertRead(
  exec: Executor,
  userId: number,
  alertId: number,
  read: boolean,
): Promise<TAlert | undefined> {
  const [row] = await exec
    .update(alerts)
    // Reading an alert already read keeps when it was first read.
    .set({ readAt: read ? sql`coalesce(${alerts.readAt}, now())` : null })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning(columns);
  return row && presentAlert(row);
}

/** Marks every unread alert of the user read. */
export async function readAllAlerts(exec: Executor, userId: number): Promise<number> {
  const rows = await exec
    .update(alerts)
    .set({ readAt: sql`now()` })
    .where(and(eq(alerts.userId, userId), isNull(alerts.readAt)))
    .returning({ id: alerts.id });
  return rows.length;
}

/** The alert types a user can get: engineers-only types for engineers only. */
export const typesFor = (isEngineer: boolean): AlertType[] =>
  ALERT_TYPE_CODES.filter((type) => isEngineer || !ALERT_TYPES[type].engineersOnly);

/** GET /api/alert-subscriptions: every type the user can get, on unless they turned it off. */
export async function listSubscriptions(exec: Executor, userId: number, isEngineer: boolean) {
  const rows = await exec
    .select({ type: alertSubscriptions.type, enabled: alertSubscriptions.enabled })
    .from(alertSubscriptions)
    .where(eq(alertSubscriptions.userId, userId));
  const saved = new Map(rows.map((r) => [r.type, r.enabled]));
  return typesFor(isEngineer).map((type) => {
    const { mandatory } = ALERT_TYPES[type];
    return { type, mandatory, enabled: mandatory || (saved.get(type) ?? true) };
  });
}

/** Turns a type on or off for the user (the caller refuses mandatory types). */
export async function saveSubscription(exec: Executor, userId: number, type: AlertType, enabled: boolean) {
  await exec
    .insert(alertSubscriptions)
    .values({ userId, type, enabled })
    .onConflictDoUpdate({
      target: [alertSubscriptions.userId, alertSubscriptions.type],
      set: { enabled, updatedAt: sql`now()` },
    });
}
