/** /api/chat/issue…: issues and their messages (spec §7.2 issue). Pushes follow each commit. */
import { ALERTS } from "@portico/shared/errors";
import { isWeekendWindow } from "@portico/shared/rules/weekend";
import {
  ZAidOnlyQuery,
  ZAnswerRequest,
  ZConversationListItem,
  ZCreateIssueRequest,
  ZEditMessageRequest,
  ZIssueDetail,
  ZIssueListQuery,
  ZIssueListResponse,
  ZIssueParam,
  ZIssueQuery,
  ZLookupMessageQuery,
  ZLookupMessageResponse,
  ZMessage,
  ZMessageParam,
  ZParticipant,
  ZPostMessageRequest,
  ZPostMessageResponse,
  ZReadRequest,
  ZReadResponse,
  ZRenameIssueRequest,
} from "@portico/shared/schemas/conversations";
import { ISSUE_WORK_MESSAGES } from "@portico/shared/schemas/issue-work";
import { ZPanicAllowedResponse, ZPanicRequest } from "@portico/shared/schemas/search";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../platform/auth/require";
import { resolveAccount, type Viewer } from "../../platform/auth/viewer";
import type { Executor } from "../../platform/db/client";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { assertEngineer } from "../accounts/accounts.policy";
import { pushAlerts, raiseReplyAlerts } from "../alerts/alerts.service";
import { pushConversation, pushMessage, pushRead } from "./chat-events";
import {
  assertMayOpenIssue,
  assertMayRename,
  assertTakesMessages,
  ISSUE_ARCHIVED,
  ISSUE_NOT_FOUND,
  issueAbilities,
  issueScope,
  loadIssue,
} from "./conversations.policy";
import { eventsForPage, pushEvents } from "./issue-events";
import { loadIssueWork } from "./issue-work.queries";
import {
  getConversation,
  type IssueRow,
  isOnCall,
  listConversations,
  listParticipants,
} from "./issues.queries";
import {
  answerIssue,
  createIssue,
  deleteMessage,
  editMessage,
  joinIssue,
  MESSAGE_NOT_FOUND,
  markRead,
  postMessage,
  renameIssue,
} from "./issues.service";
import { lookupMessageIndex, messageRange, presentMessage } from "./messages.queries";
import { notesForPage } from "./notes.queries";
import { panicRefusalFor, raisePanic } from "./panic.service";

const tags = ["conversations"];
/** Every /issue/:id route: the issue number in the path, the acted-on account in `aid`. */
const onIssue = { tags, params: ZIssueParam, querystring: ZAidOnlyQuery };
const alert = (a: { code: number }) => ({ alertCode: a.code });

export const NO_MESSAGE_AT_DATE = "No message was written at or after that date";

/** The messages a detail page shows: the newest, or those around / before / after an index. */
function pageBounds(last: number, q: z.infer<typeof ZIssueQuery>): [number, number] {
  const { limit } = q;
  const pastEnd = (name: string) => badRequest(`${name} is past the last message (${last})`);
  if (q.msgIndex !== undefined) {
    if (q.msgIndex > last) throw pastEnd("msgIndex");
    const to = Math.min(last, Math.max(1, q.msgIndex - Math.floor(limit / 2)) + limit - 1);
    return [Math.max(1, to - limit + 1), to];
  }
  if (q.before !== undefined) {
    if (q.before > last + 1) throw pastEnd("before");
    return [Math.max(1, q.before - limit), q.before - 1];
  }
  if (q.after !== undefined) {
    if (q.after > last) throw pastEnd("after");
    return [q.after + 1, Math.min(last, q.after + limit)];
  }
  return [Math.max(1, last - limit + 1), last];
}

export async function issueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  const conversationOf = async (exec: Executor, issueNumber: number, viewer: Viewer) => {
    const item = await getConversation(exec, issueNumber, viewer.userId);
    if (!item) throw notFound(ISSUE_NOT_FOUND);
    return item;
  };

  /** After a change to the issue itself: every list showing it moves it. */
  const announce = async (issueNumber: number, viewer: Viewer) => {
    const item = await conversationOf(db, issueNumber, viewer);
    await pushConversation(db, realtime, item);
    return item;
  };

  const detail = async (viewer: Viewer, issue: IssueRow, q: z.infer<typeof ZIssueQuery>) => {
    const [from, to] = pageBounds(issue.lastMessageIndex, q);
    const [conversation, messages, { participant, ...work }, events, notes] = await Promise.all([
      conversationOf(db, issue.issueNumber, viewer),
      messageRange(db, issue.issueNumber, from, to),
      loadIssueWork(db, realtime, viewer, issue),
      eventsForPage(db, issue.issueNumber, from, to, viewer.isEngineer),
      viewer.isEngineer ? notesForPage(db, issue.issueNumber, from, to) : [],
    ]);
    return {
      conversation,
      messages,
      has_older: from > 1,
      has_newer: to < conversation.issue.last_message_index,
      // Read before the messages, so a reconnecting client may be sent a change twice, never none.
      revision: issue.revision,
      abilities: issueAbilities(viewer, issue, participant),
      work,
      events,
      notes,
    };
  };

  app.post(
    "/issue",
    {
      config: alert(ALERTS.CREATE_ISSUE),
      schema: { tags, body: ZCreateIssueRequest, response: { 201: ZIssueDetail } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { body } = request;
      const issue = await db.transaction(async (tx) => {
        await assertMayOpenIssue(tx, viewer, body.accountId);
        return createIssue(tx, viewer, body);
      });
      const result = await detail(viewer, issue, { limit: 50 });
      await pushConversation(db, realtime, result.conversation);
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/ispanicallowed",
    { schema: { tags, querystring: ZAidOnlyQuery, response: { 200: ZPanicAllowedResponse } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, request.query.aid);
      const reason = await panicRefusalFor(db, viewer, accountId);
      return { allowed: reason === null, reason };
    },
  );

  app.post(
    "/panic",
    {
      config: alert(ALERTS.CREATE_ISSUE),
      schema: { tags, querystring: ZAidOnlyQuery, body: ZPanicRequest, response: { 201: ZIssueDetail } },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, request.query.aid);
      const { panic_title: title, panic_message: message } = request.body;
      const { issue, alerts } = await db.transaction((tx) =>
        raisePanic(app.ctx, tx, viewer, { accountId, title, message }),
      );
      app.ctx.mailer.kick();
      await pushAlerts(realtime, db, alerts);
      const result = await detail(viewer, issue, { limit: 50 });
      await pushConversation(db, realtime, result.conversation);
      return reply.code(201).send(result);
    },
  );

  app.get(
    "/issue",
    {
      config: alert(ALERTS.FETCH_ISSUES),
      schema: {
        tags,
        querystring: ZIssueListQuery,
        response: { 200: ZIssueListResponse },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { aid, ...query } = request.query;
      if (query.tag !== undefined && !viewer.isEngineer) {
        throw forbidden(ISSUE_WORK_MESSAGES.tagFilterEngineersOnly);
      }
      // Only on a weekend is the on-call setting read: the weekday queue costs no extra query.
      const weekendFirst =
        viewer.isEngineer && isWeekendWindow(new Date()) && (await isOnCall(db, viewer.userId));
      return listConversations(db, viewer.userId, issueScope(viewer, aid), {
        ...query,
        weekendFirst,
        withWork: viewer.isEngineer,
      });
    },
  );

  app.get(
    "/issue/:id",
    {
      config: alert(ALERTS.FETCH_ISSUE),
      schema: { tags, params: ZIssueParam, querystring: ZIssueQuery, response: { 200: ZIssueDetail } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const issue = await loadIssue(db, viewer, request.query.aid, request.params.id);
      return detail(viewer, issue, request.query);
    },
  );

  app.post(
    "/issue/:id",
    {
      schema: {
        ...onIssue,
        body: ZPostMessageRequest,
        response: { 201: ZPostMessageResponse },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const issueNumber = request.params.id;
      const { aid } = request.query;
      const message = await postMessage(db, viewer, issueScope(viewer, aid), issueNumber, request.body.body);
      if (!message) {
        // Nothing was written: say why (not found, or archived).
        assertTakesMessages(await loadIssue(db, viewer, aid, issueNumber));
        throw conflict(ISSUE_ARCHIVED);
      }
      // One statement more: the followers' alerts (the message is one statement of its own).
      const replies = await raiseReplyAlerts(db, viewer, issueNumber, message.index);
      const presented = presentMessage(message, viewer.name);
      pushMessage(realtime, presented, "created");
      await pushAlerts(realtime, null, replies);
      const conversation = await announce(issueNumber, viewer);
      return reply.code(201).send({ message: presented, conversation });
    },
  );

  app.put(
    "/issue/:id",
    {
      config: alert(ALERTS.UPDATE_TITLE),
      schema: {
        ...onIssue,
        body: ZRenameIssueRequest,
        response: { 200: ZConversationListItem },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const events = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.params.id);
        assertMayRename(viewer, issue);
        return renameIssue(tx, viewer, issue, request.body.title);
      });
      pushEvents(realtime, events);
      return announce(request.params.id, viewer);
    },
  );

  app.post(
    "/issue/:id/join",
    {
      schema: {
        ...onIssue,
        response: { 200: z.array(ZParticipant) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.params.id);
        await joinIssue(tx, issue.issueNumber, viewer.userId);
      });
      return participantsOf(request.params.id);
    },
  );

  app.post(
    "/issue/:id/answer",
    {
      schema: {
        ...onIssue,
        body: ZAnswerRequest,
        response: { 200: ZConversationListItem },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      const events = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.params.id);
        return answerIssue(tx, viewer, issue, request.body);
      });
      pushEvents(realtime, events);
      return announce(request.params.id, viewer);
    },
  );

  const messageRoute = { ...onIssue, params: ZMessageParam, response: { 200: ZMessage } };

  app.put(
    "/issue/:id/message/:index",
    { schema: { ...messageRoute, body: ZEditMessageRequest } },
    async (request) => {
      const viewer = requireViewer(request);
      const { id, index } = request.params;
      const updated = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, id);
        return editMessage(tx, viewer, issue, index, request.body);
      });
      const message = await storedMessage(id, updated.index);
      pushMessage(realtime, message, "edited");
      await announceIfLast(id, index, viewer);
      return message;
    },
  );

  app.delete("/issue/:id/message/:index", { schema: messageRoute }, async (request) => {
    const viewer = requireViewer(request);
    const { id, index } = request.params;
    const deleted = await db.transaction(async (tx) => {
      const issue = await loadIssue(tx, viewer, request.query.aid, id);
      return deleteMessage(tx, viewer, issue, index);
    });
    const message = await storedMessage(id, deleted.message.index);
    pushMessage(realtime, message, "deleted");
    pushEvents(realtime, deleted.events);
    await announceIfLast(id, index, viewer);
    return message;
  });

  /** The message as stored now, with its author's name. */
  const storedMessage = async (issueNumber: number, index: number) => {
    const [message] = await messageRange(db, issueNumber, index, index);
    if (!message) throw notFound(MESSAGE_NOT_FOUND);
    return message;
  };

  /** A list row shows the newest message: it changes with that message. */
  const announceIfLast = async (issueNumber: number, index: number, viewer: Viewer) => {
    const item = await conversationOf(db, issueNumber, viewer);
    if (item.issue.last_message_index === index) await pushConversation(db, realtime, item);
  };

  app.put(
    "/issue/:id/read",
    {
      schema: {
        ...onIssue,
        body: ZReadRequest,
        response: { 200: ZReadResponse },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { issue, read } = await db.transaction(async (tx) => {
        const issue = await loadIssue(tx, viewer, request.query.aid, request.params.id);
        return { issue, read: await markRead(tx, issue, viewer.userId, request.body.read_message_index) };
      });
      pushRead(realtime, issue.issueNumber, viewer.userId, read);
      return {
        read_message_index: read,
        unreadMessageCount: Math.max(0, issue.lastMessageIndex - read),
      };
    },
  );

  app.get(
    "/issue/:id/lookup-message",
    {
      schema: {
        tags,
        params: ZIssueParam,
        querystring: ZLookupMessageQuery,
        response: { 200: ZLookupMessageResponse },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const issue = await loadIssue(db, viewer, request.query.aid, request.params.id);
      const index = await lookupMessageIndex(db, issue.issueNumber, request.query.date);
      if (index === undefined) throw notFound(NO_MESSAGE_AT_DATE);
      return { msgIndex: index };
    },
  );

  const participantsOf = async (issueNumber: number) => {
    const [rows, online] = await Promise.all([
      listParticipants(db, issueNumber),
      realtime.presence.onlineUsers(),
    ]);
    return rows.map((p) => ({
      user_id: p.userId,
      name: p.name,
      is_engineer: p.isEngineer,
      joined_at: p.joinedAt.toISOString(),
      read_message_index: p.readIndex,
      online: p.isEngineer && online.has(p.userId),
    }));
  };

  app.get(
    "/issue/:id/participants",
    {
      schema: {
        ...onIssue,
        response: { 200: z.array(ZParticipant) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const issue = await loadIssue(db, viewer, request.query.aid, request.params.id);
      return participantsOf(issue.issueNumber);
    },
  );
}
