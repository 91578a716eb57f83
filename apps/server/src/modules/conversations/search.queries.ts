/**
 * Full-text search over issue titles and message bodies (spec §7.2 search). The database keeps a
 * tsvector of every title and body (generated columns, GIN indexes); a user's text becomes a
 * tsquery only through plainto_tsquery / phraseto_tsquery, so nothing typed is an operator. The
 * tsquery is written out at every use (not computed once in a CTE): the planner then sees its
 * value and the words' frequencies, and walks the newest-first index for a common word instead
 * of collecting a million matches to sort.
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

/** The user's text as one tsquery (empty, matching nothing, when it holds only stop words). */
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
  const sort =
    query.sort === "relevance" && query.kinds.includes("message") && (await tooManyToRank(exec, q, scope))
      ? "newest"
      : query.sort;
  const where = scopeOf(scope);
  // Each kind is read on its own, in its order, as far as this page reaches (an index walk each;
  // PostgreSQL would not walk two indexes in step under one UNION), then the two are merged here.
  const reach = query.offset + query.limit + 1;
  const rank = (vector: SQL) => (sort === "relevance" ? sql`ts_rank(${vector}, ${q})` : sql`0::real`);
  const order =
    sort === "relevance"
      ? sql`rank desc, created_at desc nulls last, issue_number desc nulls last`
      : sql`created_at desc nulls last, issue_number desc nulls last`;
  const [titles, messages] = await Promise.all([
    query.kinds.includes("title")
      ? exec.execute(sql`
          -- A title outranks a message with the same words.
          select i.issue_number, null::int as msg_index, i.created_at, 2 * ${rank(sql`i.title_search`)} as rank
          from issues i
          where i.title_search @@ (${q}) and ${where}
          order by ${order}
          limit ${reach}`)
      : undefined,
    query.kinds.includes("message")
      ? exec.execute(sql`
          select m.issue_number, m."index" as msg_index, m.created_at, ${rank(sql`m.body_search`)} as rank
          from messages m join issues i on i.issue_number = m.issue_number
          where m.body_search @@ (${q}) and ${where}
          order by ${order}, m."index" desc nulls last
          limit ${reach}`)
      : undefined,
  ]);
  const keys = [...(titles ? rowsOf(titles) : []), ...(messages ? rowsOf(messages) : [])] as unknown as Key[];
  const page = keys.sort(sort === "relevance" ? byRank : byNewest).slice(query.offset, reach);
  if (!page.length) return { rows: [] as TSearchHit[], hasMore: false, sort };

  // The page's rows, with their snippets: ts_headline runs on these rows only.
  const found = rowsOf(
    await exec.execute(sql`
      select p.ord, case when p.msg_index is null then 'title' else 'message' end as kind,
             p.issue_number, p.msg_index, coalesce(m.created_at, i.created_at) as created_at, i.title,
             i.account_id, a.company,
             ts_headline('english', coalesce(m.body, i.title), ${q},
               'HighlightAll=true, StartSel=${sql.raw("\uE000")}, StopSel=${sql.raw("\uE001")}') as marked,
             m.author_id, m.author_type, u.name as author_name, i.answered, i.answer_user_type, i.is_archived
      from unnest(${pgArray(page.map((k) => k.issue_number))}::int[],
                  ${pgArray(page.map((k) => k.msg_index))}::int[]) with ordinality as p(issue_number, msg_index, ord)
      join issues i on i.issue_number = p.issue_number
      join accounts a on a.id = i.account_id
      left join messages m on m.issue_number = p.issue_number and m."index" = p.msg_index
      left join users u on u.id = m.author_id
      order by p.ord`),
  );
  return {
    rows: found.slice(0, query.limit).map(presentHit),
    hasMore: page.length > query.limit,
    sort,
  };
}

interface Key {
  issue_number: number;
  msg_index: number | null;
  created_at: string | Date;
  rank: number;
}

const time = (k: Key) => new Date(k.created_at).getTime();
/** Newest first; ties by issue number, then a title before its issue's messages, then index. */
const byNewest = (a: Key, b: Key) =>
  time(b) - time(a) ||
  b.issue_number - a.issue_number ||
  (b.msg_index ?? Infinity) - (a.msg_index ?? Infinity);
const byRank = (a: Key, b: Key) => b.rank - a.rank || byNewest(a, b);

/** A PostgreSQL array literal of integers (nulls kept), passed as one parameter. */
const pgArray = (values: Array<number | null>) =>
  `{${values.map((v) => (v === null ? "NULL" : String(v))).join(",")}}`;

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
