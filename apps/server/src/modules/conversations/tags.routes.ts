/** /api/chat/issue-tags and /api/chat/issue/:id/tags (spec §7.2 tags): engineers only. */
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import {
  ZAddIssueTagRequest,
  ZCreateTagRequest,
  ZForceQuery,
  ZIssueTagParam,
  ZTag,
  ZTagCatalogue,
  ZTagParam,
  ZUpdateTagRequest,
} from "@portico/shared/schemas/issue-work";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireEngineer } from "../accounts/accounts.policy";
import { pushWorkChange } from "./chat-events";
import { loadIssue } from "./conversations.policy";
import { issueTagsOf } from "./issue-work.queries";
import { changeIssueWork } from "./issue-work.service";
import { createTag, deleteTag, listTagCatalogue, tagIssue, untagIssue, updateTag } from "./tags.service";

const tags = ["issue work"];

export async function tagRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  app.get("/issue-tags", { schema: { tags, response: { 200: ZTagCatalogue } } }, async (request) => {
    requireEngineer(request);
    return listTagCatalogue(db);
  });

  app.post(
    "/issue-tags",
    { schema: { tags, body: ZCreateTagRequest, response: { 201: ZTag } } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const tag = await db.transaction((tx) => createTag(tx, viewer, request.body));
      return reply.code(201).send(tag);
    },
  );

  app.put(
    "/issue-tags/:tagId",
    { schema: { tags, params: ZTagParam, body: ZUpdateTagRequest, response: { 200: ZTag } } },
    async (request) => {
      requireEngineer(request);
      return db.transaction((tx) => updateTag(tx, request.params.tagId, request.body));
    },
  );

  app.delete(
    "/issue-tags/:tagId",
    { schema: { tags, params: ZTagParam, querystring: ZForceQuery } },
    async (request, reply) => {
      const viewer = requireEngineer(request);
      const events = await db.transaction((tx) =>
        deleteTag(tx, viewer, request.params.tagId, request.query.force),
      );
      await pushWorkChange(db, realtime, events);
      return reply.code(204).send();
    },
  );

  const onIssue = { tags, params: ZIssueParam, querystring: ZAidOnlyQuery, response: { 200: z.array(ZTag) } };

  app.get("/issue/:id/tags", { schema: onIssue }, async (request) => {
    const viewer = requireEngineer(request);
    const issue = await loadIssue(db, viewer, request.query.aid, request.params.id);
    return issueTagsOf(db, issue.issueNumber);
  });

  app.post("/issue/:id/tags", { schema: { ...onIssue, body: ZAddIssueTagRequest } }, async (request) => {
    const viewer = requireEngineer(request);
    const target = { aid: request.query.aid, issueNumber: request.params.id };
    await changeIssueWork(app.ctx, viewer, target, (tx, issue) =>
      tagIssue(tx, viewer, issue.issueNumber, request.body.tag_id),
    );
    return issueTagsOf(db, target.issueNumber);
  });

  app.delete(
    "/issue/:id/tags/:tagId",
    { schema: { ...onIssue, params: ZIssueTagParam } },
    async (request) => {
      const viewer = requireEngineer(request);
      const target = { aid: request.query.aid, issueNumber: request.params.id };
      await changeIssueWork(app.ctx, viewer, target, (tx, issue) =>
        untagIssue(tx, viewer, issue.issueNumber, request.params.tagId),
      );
      return issueTagsOf(db, target.issueNumber);
    },
  );
}
