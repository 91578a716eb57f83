/**
 * Full-text search over issue titles and message bodies (spec §7.2 search). The database keeps a
 * tsvector of every title and body (generated columns, GIN indexes); a user's text becomes a
 * tsquery only through plainto_tsquery / phraseto_tsquery, so nothing typed is an operator.
 *
 * No time window and no result cap: every match is reachable by paging. Ranking orders the
 * matches by ts_rank, which must read every match; when more than RANKED_MATCHES_MAX messages
 * match (a common word), the answer is ordered newest first instead, which the database reads
 * straight off the created_at index, and says so in `sort`.
 */
import { deriveIssueStatus } from "@portico/shared/rules/issue-status";
import {
  type ParsedQuery,
  SNIPPET_HALF_WIDTH,
  snippetFromMarked,
  TITLE_SNIPPET_HALF_WIDTH,
} from "@portico/shared/rules/snippet";
import type { TSearchHit } from "@portico/shared/schemas/search";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../platform/db/client";
import { DELETED_USER, type IssueScope } from "./issues.queries";

/** Above this many matching messages, relevance ranking gives way to newest first. */
export const RANKED_MATCHES_MAX = 1000;

export type SearchScope = IssueScope | { issueNumber: number };
export type SearchKind = "title" | "message";

export interface SearchQuery {
  parsed: ParsedQuery;
  kinds: SearchKind[];
  sort: "relevance" | "newest";
  offset: number;
  limit: number;
}

/** The user's text as one tsquery, or null when it holds no searchable word (stop words only). */
function tsquery(parsed: ParsedQuery): SQL {
  const parts = [
    sql`plainto_tsquery('english', ${parsed.words})`,
    ...parsed.phrases.map((p) => sql`phraseto_tsquery('english', ${p})`),
  ];
  return sql.join(parts, sql` && `);
}

function scopeOf(scope: SearchScope): SQL {
  if ("issueNumber" in scope) return sql`i.issue_number = ${scope.issueNumber}`;
  if ("all" in scope) return sql`true`;
  return sql`i.account_id in (${sql.join(
    scope.accountIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

type Row = Record<string, unknown> & {
  kind: SearchKind;
  issue_number: number;
  msg_index: number | null;
  title: string;
  account_id: number;
  company: string;
  marked: string;
  author_id: number | null;
  author_type: "customer" | "engineer" | null;
  author_name: string | null;
  created_at: string | Date;
  answered: boolean;
  answer_user_type: "customer" | "engineer" | null;
  is_archived: boolean;
};

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** Whether the query matches more messages than are worth ranking (reads at most that many + 1). */
async function tooManyToRank(exec: Executor, q: SQL, scope: SearchScope): Promise<boolean> {
  const result = await exec.execute(sql`
    select count(*)::int as n from (
      select 1 from messages m join issues i on i.issue_number = m.issue_number
      where m.body_search @@ (${q}) and ${scopeOf(scope)}
      limit ${RANKED_MATCHES_MAX + 1}
    ) matches`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0) > RANKED_MATCHES_MAX;
}

/**
 * One page of hits (limit + 1 rows are read to tell whether another page exists). Snippets are
 * made for the page only: ts_headline runs on the rows that are returned, after the paging.
 */
export async function searchConversations(exec: Executor, scope: SearchScope, query: SearchQuery) {
  const q = tsquery(query.parsed);
  const [probe] = rowsOf(await exec.execute(sql`select numnode(${q})::int as nodes`)) as unknown as Array<{
    nodes: number;
  }>;
  if (!probe?.nodes) return { rows: [] as TSearchHit[], hasMore: false, sort: query.sort };

  const sort =
    query.sort === "relevance" && query.kinds.includes("message") && (await tooManyToRank(exec, q, scope))
      ? "newest"
      : query.sort;
  const where = scopeOf(scope);
  const branches: SQL[] = [];
  if (query.kinds.includes("title")) {
    branches.push(sql`
      select 'title' as kind, i.issue_number, null::int as msg_index, i.created_at,
             -- A title outranks a message with the same words.
             2 * ts_rank(i.title_search, q) as rank, i.title as text, null::int as author_id,
             null::text as author_type
      from issues i, query
      where i.title_search @@ q and ${where}`);
  }
  if (query.kinds.includes("message")) {
    branches.push(sql`
      select 'message' as kind, m.issue_number, m."index" as msg_index, m.created_at,
             ${sort === "relevance" ? sql`ts_rank(m.body_search, q)` : sql`0::real`} as rank, m.body as text,
             m.author_id, m.author_type::text
      from messages m join issues i on i.issue_number = m.issue_number, query
      where m.body_search @@ q and ${where}`);
  }
  const order =
    sort === "relevance"
      ? sql`rank desc, created_at desc, issue_number desc, msg_index desc nulls first`
      : sql`created_at desc, issue_number desc, msg_index desc nulls first`;
  const rows = rowsOf(
    await exec.execute(sql`
      with query as (select ${q} as q),
      page as (
        ${sql.join(branches, sql` union all `)}
        order by ${order}
        limit ${query.limit + 1} offset ${query.offset}
      )
      select p.kind, p.issue_number, p.msg_index, p.created_at, i.title, i.account_id, a.company,
             ts_headline('english', p.text, query.q,
               'HighlightAll=true, StartSel=${sql.raw("\uE000")}, StopSel=${sql.raw("\uE001")}') as marked,
             p.author_id, p.author_type, u.name as author_name,
             i.answered, i.answer_user_type, i.is_archived
      from page p
      cross join query
      join issues i on i.issue_number = p.issue_number
      join accounts a on a.id = i.account_id
      left join users u on u.id = p.author_id
      order by ${order}`),
  );
  return {
    rows: rows.slice(0, query.limit).map(presentHit),
    hasMore: rows.length > query.limit,
    sort,
  };
}

function presentHit(row: Row): TSearchHit {
  const isTitle = row.kind === "title";
  return {
    kind: row.kind,
    issue_number: row.issue_number,
    title: row.title,
    account_id: row.account_id,
    company: row.company,
    msg_index: isTitle ? null : row.msg_index,
    snippet: snippetFromMarked(row.marked, {
      halfWidth: isTitle ? TITLE_SNIPPET_HALF_WIDTH : SNIPPET_HALF_WIDTH,
    }),
    author:
      isTitle || row.author_type === null
        ? null
        : { user_id: row.author_id, name: row.author_name ?? DELETED_USER, type: row.author_type },
    created_at: new Date(row.created_at).toISOString(),
    issue_status: deriveIssueStatus({
      state: row.answered,
      user_type: row.answer_user_type,
      timestamp: null,
      is_archived: row.is_archived,
    }),
  };
}
