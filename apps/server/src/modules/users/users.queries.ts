/**
 * The users directory (issue 17, GET /api/auth/users): every user with their customer
 * organizations, for engineers. One query reads the page (organizations aggregated per user in a
 * correlated subquery), one counts; organizations being purged are left out, and so are users
 * whose every organization is being purged (the purge removes them).
 */
import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import type { TDirectoryUser, TUserDirectoryPage, TUserDirectoryQuery } from "@portico/shared/schemas/users";
import { type SQL, sql } from "drizzle-orm";
import { accounts, memberships, users } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { containing } from "../../platform/db/patterns";
import { jsonOf, rowsOf } from "../../platform/db/rows";

interface DirectoryRow extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  is_disabled: boolean;
  mfa_enabled: boolean;
  created_at: Date | string;
  vendor_role: string | null;
  organizations: TDirectoryUser["organizations"] | string;
}

/** The filters of the query, over `u` (users). */
function directoryWhere(query: TUserDirectoryQuery): SQL {
  const isEngineer = sql`exists (select 1 from ${memberships} v where v.user_id = u.id
    and v.account_id = ${VENDOR_ACCOUNT_ID} and v.role in ('engineer', 'admin'))`;
  const filters: SQL[] = [
    // Someone whose organizations are all being purged goes with them.
    sql`(not exists (select 1 from ${memberships} m where m.user_id = u.id)
      or exists (select 1 from ${memberships} m join ${accounts} a on a.id = m.account_id
                 where m.user_id = u.id and a.purge_started_at is null))`,
  ];
  if (query.q) {
    const pattern = containing(query.q);
    filters.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`);
  }
  if (query.kind === "engineers") filters.push(isEngineer);
  if (query.kind === "customers") filters.push(sql`not ${isEngineer}`);
  if (query.status === "enabled") filters.push(sql`u.is_disabled = false`);
  if (query.status === "disabled") filters.push(sql`u.is_disabled = true`);
  if (query.membership === "none") {
    filters.push(sql`not exists (select 1 from ${memberships} m where m.user_id = u.id)`);
  }
  return sql.join(filters, sql` and `);
}

export async function listDirectory(exec: Executor, query: TUserDirectoryQuery): Promise<TUserDirectoryPage> {
  const where = directoryWhere(query);
  const [page, counted] = await Promise.all([
    rowsOf<DirectoryRow>(
      exec,
      sql`select u.id, u.name, u.email, u.is_disabled, u.mfa_enabled, u.created_at,
        (select v.role from ${memberships} v
          where v.user_id = u.id and v.account_id = ${VENDOR_ACCOUNT_ID}) as vendor_role,
        (select coalesce(json_agg(json_build_object('account_id', a.id, 'company', a.company, 'role', m.role)
            order by lower(a.company), a.id), '[]'::json)
          from ${memberships} m join ${accounts} a on a.id = m.account_id
          where m.user_id = u.id and a.id <> ${VENDOR_ACCOUNT_ID} and a.purge_started_at is null) as organizations
      from ${users} u
      where ${where}
      order by lower(u.name), u.id
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
    ),
    rowsOf<{ n: number }>(exec, sql`select count(*)::int as n from ${users} u where ${where}`),
  ]);
  return {
    items: page.map(presentDirectoryUser),
    total: counted[0]?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

function presentDirectoryUser(r: DirectoryRow): TDirectoryUser {
  return {
    user_id: r.id,
    name: r.name,
    email: r.email,
    is_engineer: r.vendor_role === "engineer" || r.vendor_role === "admin",
    is_admin: r.vendor_role === "admin",
    is_disabled: r.is_disabled,
    mfa_enabled: r.mfa_enabled,
    created_at: new Date(r.created_at).toISOString(),
    organizations: jsonOf(r.organizations).map((o) => ({
      account_id: o.account_id,
      company: o.company,
      role: o.role === "owner" ? "owner" : "user",
    })),
  };
}
