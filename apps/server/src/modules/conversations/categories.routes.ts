/**
 * Categories (spec §7.1 issue-categories, users/{id}/expertise; §7.2 category): engineers only.
 * The catalogue and expertise live under /api (categoryRoutes), an issue's category under
 * /api/chat with the other issue routes (issueCategoryRoutes).
 */
import { ZIdParam } from "@portico/shared/schemas/accounts";
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import {
  ZCategory,
  ZCategoryCatalogue,
  ZCategoryParam,
  ZCreateCategoryRequest,
  ZExpertise,
  ZForceQuery,
  ZIssueWork,
  ZSetCategoryRequest,
  ZSetExpertiseRequest,
  ZUpdateCategoryRequest,
} from "@portico/shared/schemas/issue-work";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { notFound } from "../../platform/errors";
import { requireEngineer } from "../accounts/accounts.policy";
import {
  createCategory,
  deleteCategory,
  getExpertise,
  listCategories,
  setExpertise,
  setIssueCategory,
  updateCategory,
} from "./categories.service";
import { pushWorkChange } from "./chat-events";
import { ISSUE_NOT_FOUND } from "./conversations.policy";
import { loadIssueWork } from "./issue-work.queries";
import { changeIssueWork } from "./issue-work.service";
import { findIssue } from "./issues.queries";

const tags = ["issue work"];

/** Under /api: the category catalogue and engineers' expertise. */
export async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  app.get(
    "/issue-categories",
    { schema: { tags, response: { 200: ZCategoryCatalogue } } },
    async (request) => {
      requireEngineer(request);
      return listCategories(db);
    },
  );

  app.post(
    "/issue-categories",
    { schema: { tags, body: ZCreateCategoryRequest, response: { 201: ZCategory } } },
    async (request, reply) => {
      requireEngineer(request);
      return reply.code(201).send(await db.transaction((tx) => createCategory(tx, request.body)));
    },
  );

  app.put(
    "/issue-categories/:categoryId",
    { schema: { tags, params: ZCategoryParam, body: ZUpdateCategoryRequest, response: { 200: ZCategory } } },
    async (request) => {
      requireEngineer(request);
      return db.transaction((tx) => updateCategory(tx, request.params.categoryId, request.body));
    },
  );

  app.delete(
    "/issue-categories/:categoryId",
    { schema: { tags, params: ZCategoryParam, querystring: ZForceQuery } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const events = await db.transaction((tx) =>
        deleteCategory(tx, viewer, request.params.categoryId, request.query.force),
      );
      await pushWorkChange(db, realtime, events);
      return reply.code(204).send();
    },
  );

  app.get(
    "/users/:id/expertise",
    { schema: { tags, params: ZIdParam, response: { 200: ZExpertise } } },
    async (request) => {
      requireEngineer(request);
      return getExpertise(db, request.params.id);
    },
  );

  app.put(
    "/users/:id/expertise",
    { schema: { tags, params: ZIdParam, body: ZSetExpertiseRequest, response: { 200: ZExpertise } } },
    async (request) => {
      const viewer = requireEngineer(request);
      return db.transaction((tx) => setExpertise(tx, viewer, request.params.id, request.body.category_id));
    },
  );
}

/** Under /api/chat: an issue's category. */
export async function issueCategoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  app.put(
    "/issue/:id/category",
    {
      schema: {
        tags,
        params: ZIssueParam,
        querystring: ZAidOnlyQuery,
        body: ZSetCategoryRequest,
        response: { 200: ZIssueWork },
      },
    },
    async (request) => {
      const viewer = requireEngineer(request);
      const target = { aid: request.query.aid, issueNumber: request.params.id };
      await changeIssueWork(app.ctx, viewer, target, (tx, issue) =>
        setIssueCategory(tx, viewer, issue, request.body.category_id),
      );
      const issue = await findIssue(db, target.issueNumber);
      if (!issue) throw notFound(ISSUE_NOT_FOUND);
      const { participant: _participant, ...work } = await loadIssueWork(db, realtime, viewer, issue);
      return work;
    },
  );
}
