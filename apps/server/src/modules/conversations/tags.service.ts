/**
 * Tags (spec §7.2 tags): the engineers' vendor-wide catalogue and the tags on issues. Names are
 * unique whatever their case (a unique index on lower(name) decides, so two engineers creating
 * "Network" and "network" at once cannot both succeed).
 */
import {
  ISSUE_WORK_MESSAGES as M,
  TAGS_PER_ISSUE_MAX,
  type TIssueEvent,
  type TTag,
} from "@portico/shared/schemas/issue-work";
import { and, count, eq, sql } from "drizzle-orm";
import { issueTagLinks, issueTags } from "../../db/schema";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { type EventActor, recordEvent } from "./issue-events";
import { lockIssue, recordEventOnIssues, unlessNameTaken } from "./issue-work.service";

const TAG = { id: issueTags.id, name: issueTags.name, color: issueTags.color };

/** GET /issue-tags: every tag with how many issues carry it, by name whatever its case. */
export async function listTagCatalogue(exec: Executor) {
  const items = await exec
    .select({ ...TAG, issue_count: count(issueTagLinks.issueNumber) })
    .from(issueTags)
    .leftJoin(issueTagLinks, eq(issueTagLinks.tagId, issueTags.id))
    .groupBy(issueTags.id)
    .orderBy(sql`lower(${issueTags.name})`, issueTags.id);
  return { items };
}

export async function createTag(
  tx: Executor,
  actor: EventActor,
  input: { name: string; color: string },
): Promise<TTag> {
  const [tag] = await tx
    .insert(issueTags)
    .values({ ...input, createdBy: actor.userId })
    .onConflictDoNothing()
    .returning(TAG);
  if (!tag) throw conflict(M.tagExists);
  return tag;
}

export async function updateTag(
  tx: Executor,
  tagId: number,
  change: { name?: string | undefined; color?: string | undefined },
): Promise<TTag> {
  const [tag] = await unlessNameTaken(
    tx
      .update(issueTags)
      .set({ name: change.name, color: change.color, updatedAt: new Date() })
      .where(eq(issueTags.id, tagId))
      .returning(TAG),
    M.tagExists,
  );
  if (!tag) throw notFound(M.tagNotFound);
  return tag;
}

/** The tag; `lock`ed, no issue takes it until the transaction ends (it is being deleted). */
async function findTag(exec: Executor, tagId: number, lock = false) {
  const query = exec.select(TAG).from(issueTags).where(eq(issueTags.id, tagId));
  const [tag] = await (lock ? query.for("update") : query);
  if (!tag) throw notFound(M.tagNotFound);
  return tag;
}

/**
 * Deletes a tag. Issues carrying it keep it unless `force`: then it comes off each of them, and
 * each records that it was untagged.
 */
export async function deleteTag(
  tx: Executor,
  actor: EventActor,
  tagId: number,
  force: boolean,
): Promise<TIssueEvent[]> {
  const tag = await findTag(tx, tagId, true);
  const [usage] = await tx.select({ n: count() }).from(issueTagLinks).where(eq(issueTagLinks.tagId, tagId));
  const carriers = usage?.n ?? 0;
  if (carriers > 0 && !force) throw conflict(M.tagInUse(carriers));
  const events =
    carriers === 0
      ? []
      : await recordEventOnIssues(
          tx,
          sql`select ${issueTagLinks.issueNumber} from ${issueTagLinks} where ${issueTagLinks.tagId} = ${tagId}`,
          actor,
          { type: "untagged", tag },
        );
  await tx.delete(issueTags).where(eq(issueTags.id, tagId));
  return events;
}

/** Puts a tag on an issue; one it already carries changes nothing (no event). */
export async function tagIssue(
  tx: Executor,
  actor: EventActor,
  issueNumber: number,
  tagId: number,
): Promise<TIssueEvent[]> {
  await lockIssue(tx, issueNumber);
  const tag = await findTag(tx, tagId);
  const carried = await tx
    .select({ tagId: issueTagLinks.tagId })
    .from(issueTagLinks)
    .where(eq(issueTagLinks.issueNumber, issueNumber));
  if (carried.some((l) => l.tagId === tagId)) return [];
  if (carried.length >= TAGS_PER_ISSUE_MAX) throw badRequest(M.tooManyTags);
  await tx.insert(issueTagLinks).values({ issueNumber, tagId, addedBy: actor.userId });
  return [await recordEvent(tx, issueNumber, actor, { type: "tagged", tag })];
}

/** Takes a tag off an issue; one it does not carry changes nothing (no event). */
export async function untagIssue(
  tx: Executor,
  actor: EventActor,
  issueNumber: number,
  tagId: number,
): Promise<TIssueEvent[]> {
  const tag = await findTag(tx, tagId);
  const removed = await tx
    .delete(issueTagLinks)
    .where(and(eq(issueTagLinks.issueNumber, issueNumber), eq(issueTagLinks.tagId, tagId)))
    .returning({ tagId: issueTagLinks.tagId });
  if (removed.length === 0) return [];
  return [await recordEvent(tx, issueNumber, actor, { type: "untagged", tag })];
}
