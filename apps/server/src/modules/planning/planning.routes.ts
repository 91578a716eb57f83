/** The planning module under /api/chat: meetings on issues and todos, with the todos' due-alert job. */
import type { FastifyInstance } from "fastify";
import { meetingRoutes } from "./meetings.routes";
import { registerTodoJobs } from "./todos.jobs";
import { todoRoutes } from "./todos.routes";

export async function planningRoutes(app: FastifyInstance) {
  registerTodoJobs(app.ctx);
  await app.register(meetingRoutes);
  await app.register(todoRoutes);
}
