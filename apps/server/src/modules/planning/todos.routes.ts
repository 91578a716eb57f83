/**
 * Todos under /api/chat (spec §7.2 todos CRUD and summary). Every route passes the §6 feature
 * gate first (todoAccess: 403 notAvailable), then works on the todos of the account acted on.
 */
import { ZAidOnlyQuery } from "@portico/shared/schemas/conversations";
import {
  ZCreateTodoRequest,
  ZTodo,
  ZTodoListQuery,
  ZTodoListResponse,
  ZTodoParam,
  ZTodoSummary,
  ZUpdateTodoRequest,
} from "@portico/shared/schemas/todos";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../platform/auth/require";
import { pushEvents } from "../conversations/issue-events";
import { todoAccess } from "./todos.policy";
import { listTodos, todoSummary } from "./todos.queries";
import { createTodo, deleteTodo, updateTodo } from "./todos.service";

const tags = ["todos"];

export async function todoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const { db, config, realtime } = ctx;

  app.get(
    "/todos",
    { schema: { tags, querystring: ZTodoListQuery, response: { 200: ZTodoListResponse } } },
    async (request) => {
      const viewer = requireViewer(request);
      const q = request.query;
      const { scope } = todoAccess(config, viewer, q.aid);
      return listTodos(db, scope, {
        status: q.status,
        ownerId: q.owner === "me" ? viewer.userId : q.owner,
        issueNumber: q.issue_number,
        page: q.page,
        pageSize: q.page_size,
      });
    },
  );

  app.get(
    "/todos/summary",
    { schema: { tags, querystring: ZAidOnlyQuery, response: { 200: ZTodoSummary } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { scope } = todoAccess(config, viewer, request.query.aid);
      return todoSummary(db, scope, viewer.userId);
    },
  );

  app.post(
    "/todos",
    { schema: { tags, querystring: ZAidOnlyQuery, body: ZCreateTodoRequest, response: { 201: ZTodo } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const access = todoAccess(config, viewer, request.query.aid);
      const { todo, events } = await db.transaction((tx) =>
        createTodo(ctx, tx, viewer, access, request.body),
      );
      pushEvents(realtime, events);
      return reply.code(201).send(todo);
    },
  );

  app.put(
    "/todos/:todoId",
    {
      schema: {
        tags,
        params: ZTodoParam,
        querystring: ZAidOnlyQuery,
        body: ZUpdateTodoRequest,
        response: { 200: ZTodo },
      },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const access = todoAccess(config, viewer, request.query.aid);
      const { todo, events } = await db.transaction((tx) =>
        updateTodo(ctx, tx, viewer, access, request.params.todoId, request.body),
      );
      pushEvents(realtime, events);
      return todo;
    },
  );

  app.delete(
    "/todos/:todoId",
    { schema: { tags, params: ZTodoParam, querystring: ZAidOnlyQuery } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const access = todoAccess(config, viewer, request.query.aid);
      await db.transaction((tx) => deleteTodo(tx, access, request.params.todoId));
      return reply.code(204).send();
    },
  );
}
