/**
 * Raising alerts (spec §3 Alert, §7.2 alerts): what concerns a user becomes one row of theirs,
 * written in the transaction of the change that caused it, and pushed live on `user:{id}` with
 * their unread count after commit (pushAlerts). However many people an alert reaches, it is one
 * INSERT … SELECT: the recipients, their subscriptions, disabled users and engineers-only types
 * are filtered in SQL, and the unread count each frame carries is read in the same statement.
 */
import { ALERT_TYPES, type AlertType, type TAlert } from "@portico/shared/schemas/alerts";
import { SQL, sql } from "drizzle-orm";
import { alertSubscriptions, alerts, issueFollowers, issues, memberships, users } from "../../db/schema";
import { isEngineerSql } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { Mailer } from "../../platform/mail/mailer";
import type { Realtime } from "../../platform/realtime/realtime";
import { userChannel } from "../conversations/issue-events";

/**
 * Who an alert is for: a list of user ids, or a subquery selecting one column of user ids (see
 * everyone, allEngineers, followersOf), so that a fan-out to thousands needs no round trip.
 */
export type AlertRecipients = readonly number[] | SQL;

export interface NewAlert {
  type: AlertType;
  userIds: AlertRecipients;
  /** The text shown; an SQL expression when it depends on rows (an issue's title). */
  message: string | SQL;
  /** A path in the app, e.g. /issues/12?msgIndex=4. */
  link: string | null;
  issueNumber?: number | null | undefined;
  /**
   * The organization the alert is about (the customer page's alerts tab). Without it, an alert
   * about an issue belongs to the issue's organization.
   */
  accountId?: number | null | undefined;
  data?: Record<string, unknown> | undefined;
}

/** Where a raised PANIC or ISSUE_ASSIGNED texts from: the outbox, and the app's address for links. */
export interface SmsOptions {
  mailer: Pick<Mailer, "enqueueSms">;
  publicUrl: string;
}

/** One created alert, the user it is for and their unread count with it. */
export interface RaisedAlert {
  userId: number;
  alert: TAlert;
  unread: number;
}

/** Alert types that also go out by SMS to engineers who opted in with a verified phone. */
const SMS_TYPES: ReadonlySet<AlertType> = new Set(["PANIC", "ISSUE_ASSIGNED"]);

/** Every enabled user (TNC_UPDATE). */
export const everyone = (): SQL => sql`select ${users.id} from ${users}`;

/** Every engineer and admin of the vendor (PANIC). */
export const allEngineers = (): SQL => sql`select ${users.id} from ${users} where ${isEngineerSql(users.id)}`;

/**
 * The followers of an issue except `exceptUserId` (a reply's author) who may still see it: an
 * engineer, or a member of the issue's account (someone who left the organization hears nothing).
 */
export const followersOf = (issueNumber: number, exceptUserId: number): SQL => sql`
  select f.user_id from ${issueFollowers} f
  join ${issues} i on i.issue_number = f.issue_number
  where f.issue_number = ${issueNumber} and f.user_id <> ${exceptUserId}
    and (${isEngineerSql(sql`f.user_id`)} or exists (
      select 1 from ${memberships} m where m.user_id = f.user_id and m.account_id = i.account_id))`;

/** The recipients as a subquery; a list is one int[] parameter, whatever its length. */
const recipientsSql = (userIds: AlertRecipients): SQL =>
  userIds instanceof SQL
    ? userIds
    : sql`select unnest(${`{${userIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])`;

/** An alert row as SQL answers it (timestamps may be text on PGlite). */
export interface AlertRow {
  id: number | string;
  type: AlertType;
  message: string;
  /** data->>'detail': the longer text (a notice's body). */
  detail: string | null;
  link: string | null;
  issue_number: number | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

interface InsertedRow extends AlertRow {
  user_id: number;
  unread: number | string;
  sms_to: string | null;
}

export function presentAlert(row: AlertRow): TAlert {
  return {
    alert_id: Number(row.id),
    type: row.type,
    category: ALERT_TYPES[row.type].category,
    message: row.message,
    detail: row.detail ?? null,
    link: row.link,
    issue_number: row.issue_number,
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
  };
}

/**
 * Creates the alert for each recipient who gets it: enabled, an engineer for engineers-only
 * types, and not having turned the type off (mandatory types cannot be off). A recipient named
 * twice gets one. In the caller's transaction; push the answer with pushAlerts after commit.
 *
 * Given `sms`, PANIC and ISSUE_ASSIGNED also queue a text (ctx.mailer.enqueueSms, in the same
 * transaction) to each engineer recipient with users.sms_alerts on and a verified phone; kick
 * the mailer after commit.
 */
export async function raiseAlerts(
  tx: Executor,
  input: NewAlert,
  opts: { sms?: SmsOptions } = {},
): Promise<RaisedAlert[]> {
  if (!(input.userIds instanceof SQL) && input.userIds.length === 0) return [];
  const info = ALERT_TYPES[input.type];
  const filters: SQL[] = [sql`not u.is_disabled`];
  if (info.engineersOnly) filters.push(isEngineerSql(sql`u.id`));
  if (!info.mandatory) {
    filters.push(sql`not exists (select 1 from ${alertSubscriptions} s
      where s.user_id = u.id and s.type = ${input.type} and not s.enabled)`);
  }
  const sms = SMS_TYPES.has(input.type) ? opts.sms : undefined;
  const smsTo = sms
    ? sql`case when u.sms_alerts and u.phone_verified_at is not null and u.phone is not null
           and ${isEngineerSql(sql`u.id`)} then u.phone end`
    : sql`null::text`;
  const message = typeof input.message === "string" ? sql`${input.message}` : input.message;
  const issueNumber = input.issueNumber ?? null;
  const accountId =
    input.accountId != null || issueNumber === null
      ? sql`${input.accountId ?? null}::int`
      : sql`(select ${issues.accountId} from ${issues} where ${issues.issueNumber} = ${issueNumber})`;
  // The outer select runs on the statement's snapshot, which does not hold the new rows: the
  // unread count is the user's unread before, plus this one.
  const inserted = await rowsOf<InsertedRow>(
    tx,
    sql`
    with created as (
      insert into ${alerts} (user_id, type, message, link, issue_number, account_id, data, created_at)
      select u.id, ${input.type}, ${message}, ${input.link}, ${issueNumber}, ${accountId},
             ${JSON.stringify(input.data ?? {})}::jsonb, clock_timestamp()
      from ${users} u
      where u.id in (${recipientsSql(input.userIds)}) and ${sql.join(filters, sql` and `)}
      returning id, user_id, type, message, data->>'detail' as detail, link, issue_number, created_at, read_at
    )
    select c.*,
           (select count(*) from ${alerts} a where a.user_id = c.user_id and a.read_at is null) + 1 as unread,
           ${smsTo} as sms_to
    from created c join ${users} u on u.id = c.user_id
    order by c.id`,
  );
  const raised = inserted.map((row) => ({
    userId: row.user_id,
    alert: presentAlert(row),
    unread: Number(row.unread),
  }));
  if (sms) {
    for (const row of inserted) {
      if (row.sms_to)
        await sms.mailer.enqueueSms(tx, row.sms_to, smsText(row.message, row.link, sms.publicUrl));
    }
  }
  return raised;
}

/**
 * A new message (a reply or an attachment): ISSUE_REPLY to the issue's followers but its author,
 * "<name> replied on #<n> <title>", leading to the message. One statement, the title read in it.
 */
export function raiseReplyAlerts(
  exec: Executor,
  author: { userId: number; name: string },
  issueNumber: number,
  messageIndex: number,
): Promise<RaisedAlert[]> {
  return raiseAlerts(exec, {
    type: "ISSUE_REPLY",
    userIds: followersOf(issueNumber, author.userId),
    message: sql`(select ${`${author.name} replied on #${issueNumber} `}::text || ${issues.title}
      from ${issues} where ${issues.issueNumber} = ${issueNumber})`,
    link: `/issues/${issueNumber}?msgIndex=${messageIndex}`,
    issueNumber,
    data: { message_index: messageIndex },
  });
}

/** "Portico: <message> <address>": a text message carries the full address of the link. */
export function smsText(message: string, link: string | null, publicUrl: string) {
  return link ? `Portico: ${message} ${publicUrl}${link}` : `Portico: ${message}`;
}

/**
 * After commit: each new alert on its user's channel with their unread count. With `exec`, the
 * counts are read again now (one grouped query on the unread index), which is exact when other
 * alerts were raised for the same users meanwhile; without, the counts of the raising statement.
 */
export async function pushAlerts(
  realtime: Realtime,
  exec: Executor | null,
  created: readonly RaisedAlert[],
): Promise<void> {
  if (created.length === 0) return;
  const counts = exec ? await unreadCounts(exec, [...new Set(created.map((c) => c.userId))]) : null;
  for (const { userId, alert, unread } of created) {
    const channel = userChannel(userId);
    realtime.publish(channel, { type: "alert", channel, alert, unread: counts?.get(userId) ?? unread });
  }
}

/** Tells a user's tabs their unread count changed (alerts read). */
export function pushAlertsRead(realtime: Realtime, userId: number, unread: number) {
  const channel = userChannel(userId);
  realtime.publish(channel, { type: "alerts-read", channel, unread });
}

/** Unread alerts per user, from the partial index alerts_unread_idx. */
export async function unreadCounts(exec: Executor, userIds: readonly number[]) {
  const counts = new Map<number, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await rowsOf<{ user_id: number; n: number | string }>(
    exec,
    sql`
    select user_id, count(*) as n from ${alerts}
    where user_id in (${recipientsSql(userIds)}) and read_at is null
    group by user_id`,
  );
  for (const row of rows) counts.set(row.user_id, Number(row.n));
  return counts;
}
