/**
 * The conversations module under /api/chat: issues and messages, people, the chat token and the
 * WebSocket. Its narrow interface to the rest of the app is these routes and the realtime
 * platform piece (app.ctx.realtime), so another conversation provider could stand behind them.
 */
import type { FastifyInstance } from "fastify";
import { assigneeRoutes } from "./assignees.routes";
import { issueCategoryRoutes } from "./categories.routes";
import { chatSocketRoutes } from "./chat-socket";
import { ChatTokens } from "./chat-token";
import { eventRoutes } from "./events.routes";
import { followRoutes } from "./follow.routes";
import { issueRoutes } from "./issues.routes";
import { mentionRoutes } from "./mentions.routes";
import { noteRoutes } from "./notes.routes";
import { peopleRoutes } from "./people.routes";
import { searchRoutes } from "./search.routes";
import { tagRoutes } from "./tags.routes";

export async function conversationRoutes(app: FastifyInstance) {
  const tokens = new ChatTokens(app.ctx.jwt);
  await app.register(issueRoutes);
  await app.register(noteRoutes);
  await app.register(mentionRoutes);
  await app.register(eventRoutes);
  await app.register(peopleRoutes, { tokens });
  await app.register(searchRoutes);
  await app.register(tagRoutes);
  await app.register(issueCategoryRoutes);
  await app.register(assigneeRoutes);
  await app.register(followRoutes);
  await app.register(chatSocketRoutes, { tokens });
}
