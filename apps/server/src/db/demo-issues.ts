/**
 * Demo support work for a new embedded database: a category and tag catalogue, two issues of the
 * demo customer worked by the demo admin (assigned, tagged, categorised, an internal note; one
 * answered in time) and two waiting for a first response, one past its SLA deadline, so the
 * queue, its SLA clocks, the issue screen and its timeline have something to show on first start.
 */
import { eq, sql } from "drizzle-orm";
import { recordEvent } from "../modules/conversations/issue-events";
import { answerIssue, createIssue, postMessage } from "../modules/conversations/issues.service";
import type { Executor } from "../platform/db/client";
import {
  issueAssignees,
  issueCategories,
  issueEvents,
  issueFollowers,
  issueNotes,
  issues,
  issueTagLinks,
  issueTags,
  messages,
  users,
} from "./schema";

const CATEGORIES = [
  { name: "Installation", description: "Deploying and configuring a new cluster", level: 1 },
  { name: "Upgrades", description: "Moving between releases", level: 1 },
  { name: "Networking", description: "Replication, links between sites, TLS", level: 2 },
  { name: "Performance", description: "Throughput, latency, capacity planning", level: 2 },
  { name: "Data integrity", description: "Healing, erasure sets, lost drives", level: 3 },
];

const TAGS = [
  { name: "replication", color: "#3b82f6" },
  { name: "needs-logs", color: "#eab308" },
  { name: "bug", color: "#ef4444" },
  { name: "performance", color: "#f97316" },
];

interface DemoPerson {
  userId: number;
  name: string;
  isEngineer: boolean;
}

export async function seedDemoIssues(
  tx: Executor,
  people: { engineer: DemoPerson; owner: DemoPerson; accountId: number },
) {
  const { engineer, owner, accountId } = people;
  const categories = await tx.insert(issueCategories).values(CATEGORIES).returning();
  const tags = await tx
    .insert(issueTags)
    .values(TAGS.map((t) => ({ ...t, createdBy: engineer.userId })))
    .returning();
  const category = (name: string) => categories.find((c) => c.name === name);
  const tag = (name: string) => tags.find((t) => t.name === name);
  const networking = category("Networking");
  await tx.update(users).set({ expertiseCategoryId: networking?.id }).where(eq(users.id, engineer.userId));

  const lag = await createIssue(tx, owner, {
    accountId,
    title: "Replication lag between Frankfurt and Dublin",
    message:
      "Since this morning the Dublin site is **40 minutes** behind Frankfurt. Nothing changed on our side; the link shows no errors.",
  });
  await postMessage(
    tx,
    engineer,
    { accountIds: [accountId] },
    lag.issueNumber,
    "Thanks, we are looking at it. Could you upload a health report from both sites?",
  );
  const replication = tag("replication");
  const needsLogs = tag("needs-logs");
  await tx.insert(issueAssignees).values({
    issueNumber: lag.issueNumber,
    userId: engineer.userId,
    assignedBy: engineer.userId,
  });
  await tx.insert(issueFollowers).values({ issueNumber: lag.issueNumber, userId: engineer.userId });
  await recordEvent(tx, lag.issueNumber, engineer, {
    type: "assigned",
    user: { user_id: engineer.userId, name: engineer.name },
  });
  for (const t of [replication, needsLogs]) {
    if (!t) continue;
    await tx
      .insert(issueTagLinks)
      .values({ issueNumber: lag.issueNumber, tagId: t.id, addedBy: engineer.userId });
    await recordEvent(tx, lag.issueNumber, engineer, {
      type: "tagged",
      tag: { id: t.id, name: t.name, color: t.color },
    });
  }
  if (networking) {
    await tx.update(issues).set({ categoryId: networking.id }).where(eq(issues.issueNumber, lag.issueNumber));
    await recordEvent(tx, lag.issueNumber, engineer, {
      type: "categorised",
      from: null,
      to: { id: networking.id, name: networking.name },
    });
  }
  const [note] = await tx
    .insert(issueNotes)
    .values({
      issueNumber: lag.issueNumber,
      authorId: engineer.userId,
      body: "Probably the bandwidth limit set during last week's maintenance window; check before blaming the WAN.",
      afterMessageIndex: 2,
    })
    .returning();
  if (note) await recordEvent(tx, lag.issueNumber, engineer, { type: "note_added", note_id: note.id });

  const upgrade = await createIssue(tx, owner, {
    accountId,
    title: "Planning the upgrade to 5.2",
    message: "We would like to upgrade next month. Is a rolling upgrade supported from 5.0?",
  });
  await postMessage(
    tx,
    engineer,
    { accountIds: [accountId] },
    upgrade.issueNumber,
    "Yes: 5.0 → 5.2 is a rolling upgrade, one node at a time. The release notes list the steps.",
  );
  const [answered] = await tx.select().from(issues).where(eq(issues.issueNumber, upgrade.issueNumber));
  if (answered) await answerIssue(tx, engineer, answered, { answered: true, archived: false });

  // Two still waiting for a first response under the 4-hour SLA: one with time left, and one
  // opened six hours ago, past its deadline (the breach sweep alerts the account's engineer).
  await createIssue(tx, owner, {
    accountId,
    title: "Drive failure alert on node 4",
    message: "Node 4 reports a failed drive in slot 7. Should we replace it now or wait for the healing?",
  });
  const overdue = await createIssue(tx, owner, {
    accountId,
    title: "Uploads failing with 503 Slow Down",
    message: "About 2% of our PUTs answer 503 since the morning batch started. Retries eventually succeed.",
  });
  await backdate(tx, overdue.issueNumber, 6);
}

/** Moves an issue, its messages and events `hours` into the past, its SLA deadline with them. */
async function backdate(tx: Executor, issueNumber: number, hours: number) {
  const ago = sql`make_interval(hours => ${hours})`;
  await tx.execute(sql`
    update ${issues} set created_at = created_at - ${ago}, updated_at = updated_at - ${ago},
      answer_at = answer_at - ${ago}, sla_due_at = portico_sla_due_at(created_at - ${ago}, sla_hours, sla_coverage)
    where issue_number = ${issueNumber}`);
  await tx.execute(
    sql`update ${messages} set created_at = created_at - ${ago} where issue_number = ${issueNumber}`,
  );
  await tx.execute(
    sql`update ${issueEvents} set created_at = created_at - ${ago} where issue_number = ${issueNumber}`,
  );
}
