/**
 * The work state of an issue, read side: tags, category, assignees, followers (spec §7.2).
 * Tags and the category are the engineers' own; a customer's answer leaves them out.
 */
import type {
  TCategory,
  TIssuePerson,
  TIssueWork,
  TListItemWork,
  TTag,
} from "@portico/shared/schemas/issue-work";
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  issueAssignees,
  issueCategories,
  issueFollowers,
  issueParticipants,
  issues,
  issueTagLinks,
  issueTags,
  users,
} from "../../db/schema";
import { isEngineerSql, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { Realtime } from "../../platform/realtime/realtime";
import type { IssueRow } from "./issues.queries";

/** An issue's tags, by name whatever its case (as the catalogue). */
export async function issueTagsOf(exec: Executor, issueNumber: number): Promise<TTag[]> {
  return exec
    .select({ id: issueTags.id, name: issueTags.name, color: issueTags.color })
    .from(issueTagLinks)
    .innerJoin(issueTags, eq(issueTags.id, issueTagLinks.tagId))
    .where(eq(issueTagLinks.issueNumber, issueNumber))
    .orderBy(sql`lower(${issueTags.name})`, issueTags.id);
}

/**
 * What engineers' queue rows show of the work on each issue (tags, assignees, category): one
 * query for a whole page.
 */
export async function listItemWork(
  exec: Executor,
  issueNumbers: readonly number[],
): Promise<Map<number, TListItemWork>> {
  if (issueNumbers.length === 0) return new Map();
  // Raw SQL with an alias: the correlated subqueries must name the outer issue unambiguously.
  const rows = await rowsOf<{
    issueNumber: number;
    categoryId: number | null;
    tags: TTag[];
    assigneeIds: number[];
  }>(
    exec,
    sql`select i.issue_number as "issueNumber", i.category_id as "categoryId",
      (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color)
         order by lower(t.name), t.id), '[]'::json)
       from ${issueTagLinks} l join ${issueTags} t on t.id = l.tag_id where l.issue_number = i.issue_number) as tags,
      (select coalesce(json_agg(a.user_id order by a.assigned_at, a.user_id), '[]'::json)
       from ${issueAssignees} a where a.issue_number = i.issue_number) as "assigneeIds"
    from ${issues} i where ${inArray(sql`i.issue_number`, [...issueNumbers])}`,
  );
  return new Map(
    rows.map((r) => [
      r.issueNumber,
      { tags: r.tags, assignee_ids: r.assigneeIds, category_id: r.categoryId },
    ]),
  );
}

interface PersonJson {
  user_id: number;
  name: string;
  is_engineer: boolean;
  since: string;
}

const PEOPLE = {
  assignees: { table: issueAssignees, since: issueAssignees.assignedAt },
  followers: { table: issueFollowers, since: issueFollowers.followedAt },
};
type PeopleKind = keyof typeof PEOPLE;

/** A json array of an issue's assignees or followers, oldest first. */
function peopleJson(kind: PeopleKind, issueNumber: number) {
  const { table, since } = PEOPLE[kind];
  return sql<PersonJson[]>`(
    select coalesce(json_agg(json_build_object(
      'user_id', ${users.id}, 'name', ${users.name}, 'is_engineer', ${isEngineerSql(users.id)},
      'since', ${since}) order by ${since}, ${users.id}), '[]'::json)
    from ${table} join ${users} on ${users.id} = ${table.userId}
    where ${table.issueNumber} = ${issueNumber})`;
}

const presentPeople = (list: PersonJson[], online: ReadonlySet<number>): TIssuePerson[] =>
  list.map((p) => ({
    ...p,
    online: p.is_engineer && online.has(p.user_id),
    since: new Date(p.since).toISOString(),
  }));

/** An issue's assignees or followers, oldest first. */
export async function issuePeople(
  exec: Executor,
  kind: PeopleKind,
  issueNumber: number,
  online: ReadonlySet<number>,
): Promise<TIssuePerson[]> {
  const [row] = await rowsOf<{ people: PersonJson[] }>(
    exec,
    sql`select ${peopleJson(kind, issueNumber)} as people`,
  );
  return presentPeople(row?.people ?? [], online);
}

/**
 * Everything the detail page shows about who works on the issue, as this viewer may see it, and
 * whether the viewer takes part in it: one round trip.
 */
export async function loadIssueWork(
  exec: Executor,
  realtime: Realtime,
  viewer: Viewer,
  issue: IssueRow,
): Promise<TIssueWork & { participant: boolean }> {
  const n = issue.issueNumber;
  const staff = viewer.isEngineer;
  const [online, [row]] = await Promise.all([
    realtime.presence.onlineUsers(),
    rowsOf<WorkRow>(
      exec,
      sql`select
      ${
        staff
          ? sql`(select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name)), '[]'::json)
         from ${issueTagLinks} l join ${issueTags} t on t.id = l.tag_id where l.issue_number = ${n})`
          : sql`'[]'::json`
      } as tags,
      ${
        staff
          ? sql`(select json_build_object('id', c.id, 'name', c.name, 'description', c.description, 'level', c.level)
         from ${issueCategories} c where c.id = ${issue.categoryId})`
          : sql`null::json`
      } as category,
      ${peopleJson("assignees", n)} as assignees,
      ${peopleJson("followers", n)} as followers,
      exists (select 1 from ${issueParticipants} p where p.issue_number = ${n} and p.user_id = ${viewer.userId}) as participant`,
    ),
  ]);
  if (!row) throw new Error("loadIssueWork: no row");
  const followers = presentPeople(row.followers, online);
  return {
    tags: row.tags,
    category: row.category,
    assignees: presentPeople(row.assignees, online),
    followers,
    following: followers.some((f) => f.user_id === viewer.userId),
    participant: Boolean(row.participant),
  };
}

interface WorkRow {
  tags: TTag[];
  category: TCategory | null;
  assignees: PersonJson[];
  followers: PersonJson[];
  participant: boolean;
}

export async function isFollowing(exec: Executor, issueNumber: number, userId: number) {
  const [row] = await exec
    .select({ userId: issueFollowers.userId })
    .from(issueFollowers)
    .where(and(eq(issueFollowers.issueNumber, issueNumber), eq(issueFollowers.userId, userId)));
  return row !== undefined;
}
