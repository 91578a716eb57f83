/**
 * Notifications engineers send (issue 17; spec §7.1 notices). Sending is one transaction: the
 * notice row and its delivery job (notices.job.ts); the audience is resolved by the job in
 * batches of users by id, so what the request does is the same for one user or 100,000.
 *
 * The audience, always enabled users only: everyone (customers and engineers alike); the members
 * of chosen organizations that are not being purged (a member of two of them counts once); chosen
 * users.
 */
import {
  NOTICE_MESSAGES,
  type NoticeAudience,
  type TNotice,
  type TSendNoticeRequest,
} from "@portico/shared/schemas/notices";
import { eq, type SQL, sql } from "drizzle-orm";
import { accounts, alerts, memberships, notices, users } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";
import { jsonOf } from "../../platform/db/rows";
import { badRequest, notFound } from "../../platform/errors";
import type { JobQueue } from "../../platform/jobs/queue";

export const NOTICE_JOB = "notices.deliver";

export interface Audience {
  audience: NoticeAudience;
  accountIds: readonly number[];
  userIds: readonly number[];
}

/** One int[] parameter, whatever its length. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((id) => Math.trunc(id)).join(",")}}`}::int[]`;

/** Whether the user `u` (an alias of users) is in the audience. */
export function inAudience(a: Audience): SQL {
  switch (a.audience) {
    case "everyone":
      return sql`not u.is_disabled`;
    case "accounts":
      return sql`not u.is_disabled and exists (
        select 1 from ${memberships} m join ${accounts} acc on acc.id = m.account_id
        where m.user_id = u.id and m.account_id = any(${intArray(a.accountIds)})
          and acc.purge_started_at is null)`;
    case "users":
      return sql`not u.is_disabled and u.id = any(${intArray(a.userIds)})`;
  }
}

/** How many would get it in the bell, and of them how many by e-mail too (their flag on). */
export async function previewAudience(exec: Executor, a: Audience) {
  const result = (await exec.execute(sql`
    select count(*) as recipients, count(*) filter (where u.email_notification) as emailed
    from ${users} u where ${inAudience(a)}`)) as unknown as {
    rows: { recipients: number | string; emailed: number | string }[];
  };
  const row = result.rows[0];
  return { recipients: Number(row?.recipients ?? 0), emailed: Number(row?.emailed ?? 0) };
}

type SendInput = Required<Pick<TSendNoticeRequest, "title" | "body">> & {
  send_email: boolean;
  audience: NoticeAudience;
  account_ids: number[];
  user_ids: number[];
};

/**
 * POST notices: the notice and its delivery job, in the caller's transaction; 400 when nobody
 * it names can receive it. The ids kept are only those of the chosen audience.
 */
export async function sendNotice(tx: Executor, jobs: JobQueue, viewer: Viewer, input: SendInput) {
  const audience: Audience = {
    audience: input.audience,
    accountIds: input.audience === "accounts" ? [...new Set(input.account_ids)] : [],
    userIds: input.audience === "users" ? [...new Set(input.user_ids)] : [],
  };
  const { recipients } = await previewAudience(tx, audience);
  if (recipients === 0) throw badRequest(NOTICE_MESSAGES.nobodyToReach);
  const [row] = await tx
    .insert(notices)
    .values({
      title: input.title,
      body: input.body,
      audience: audience.audience,
      accountIds: [...audience.accountIds],
      userIds: [...audience.userIds],
      sendEmail: input.send_email,
      sentById: viewer.userId,
      sentByName: viewer.name,
    })
    .returning({ id: notices.id });
  if (!row) throw new Error("notice insert returned nothing");
  await jobs.enqueue(tx, NOTICE_JOB, { notice_id: row.id });
  return row.id;
}

interface NoticeRow {
  id: number | string;
  title: string;
  body: string;
  audience: NoticeAudience;
  accounts: { account_id: number; company: string }[] | string;
  users: { user_id: number; name: string; email: string }[] | string;
  send_email: boolean;
  sent_by_id: number | null;
  sent_by_name: string;
  status: TNotice["status"];
  recipient_count: number;
  emailed_count: number;
  read_count: number | string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

function present(row: NoticeRow): TNotice {
  return {
    id: Number(row.id),
    title: row.title,
    body: row.body,
    audience: row.audience,
    accounts: jsonOf(row.accounts),
    users: jsonOf(row.users),
    send_email: row.send_email,
    sent_by: { user_id: row.sent_by_id, name: row.sent_by_name },
    status: row.status,
    recipient_count: row.recipient_count,
    emailed_count: row.emailed_count,
    read_count: Number(row.read_count),
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}

/**
 * A notice as the console shows it: the chosen organizations and users with their names as they
 * are now (a purged organization or deleted user is left out), and how many have read it (the
 * unique (notice_id, user_id) index finds its alerts).
 */
const selectNotices = (where: SQL, limit: number, offset: number) => sql`
  select n.id, n.title, n.body, n.audience, n.send_email, n.sent_by_id, n.sent_by_name, n.status,
         n.recipient_count, n.emailed_count, n.created_at, n.finished_at,
         coalesce((select json_agg(json_build_object('account_id', a.id, 'company', a.company) order by a.company, a.id)
                   from ${accounts} a where a.id = any(n.account_ids) and a.purge_started_at is null), '[]'::json) as accounts,
         coalesce((select json_agg(json_build_object('user_id', x.id, 'name', x.name, 'email', x.email) order by x.name, x.id)
                   from ${users} x where x.id = any(n.user_ids)), '[]'::json) as users,
         (select count(*) from ${alerts} r where r.notice_id = n.id and r.read_at is not null) as read_count
  from ${notices} n
  where ${where}
  order by n.id desc
  limit ${limit} offset ${offset}`;

/** GET notices/:id (404 notFound). */
export async function getNotice(exec: Executor, id: number): Promise<TNotice> {
  const result = (await exec.execute(selectNotices(sql`n.id = ${id}`, 1, 0))) as unknown as {
    rows: NoticeRow[];
  };
  const row = result.rows[0];
  if (!row) throw notFound(NOTICE_MESSAGES.notFound);
  return present(row);
}

/** GET notices: newest first; `q` finds words in the title or the message. */
export async function listNotices(
  exec: Executor,
  query: { page: number; page_size: number; q?: string | undefined },
) {
  const where = query.q
    ? sql`(n.title ilike ${containing(query.q)} or n.body ilike ${containing(query.q)})`
    : sql`true`;
  const [result, counted] = await Promise.all([
    exec.execute(
      selectNotices(where, query.page_size, (query.page - 1) * query.page_size),
    ) as unknown as Promise<{
      rows: NoticeRow[];
    }>,
    exec.execute(sql`select count(*) as n from ${notices} n where ${where}`) as unknown as Promise<{
      rows: { n: number | string }[];
    }>,
  ]);
  return {
    items: result.rows.map(present),
    total: Number(counted.rows[0]?.n ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/** The notice row the delivery job works on, locked until its transaction ends. */
export async function lockNotice(tx: Executor, id: number) {
  const [row] = await tx.select().from(notices).where(eq(notices.id, id)).for("update");
  return row;
}
