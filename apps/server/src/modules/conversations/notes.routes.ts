/**
 * /api/chat/issue/:id/notes (spec §7.2 notes): engineers' internal notes. A customer is refused
 * (403) before the issue is even looked up; notes go out on the staff channel only.
 */
import { ZAidOnlyQuery, ZIssueParam } from "@portico/shared/schemas/conversations";
import { ZIssueNoteParam, ZNote, ZNoteRequest } from "@portico/shared/schemas/issue-work";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../platform/auth/require";
import type { Executor } from "../../platform/db/client";
import { assertEngineer } from "../accounts/accounts.policy";
import { loadIssue } from "./conversations.policy";
import { pushEvents } from "./issue-events";
import { listNotes } from "./notes.queries";
import { addNote, deleteNote, editNote, pushNote } from "./notes.service";

const tags = ["conversations"];
const onIssue = { tags, params: ZIssueParam, querystring: ZAidOnlyQuery };
const onNote = { tags, params: ZIssueNoteParam, querystring: ZAidOnlyQuery };

/** The engineer asking and the issue, or 403 for anyone else and 404 for an unknown issue. */
async function engineerOnIssue(
  exec: Executor,
  request: FastifyRequest & { params: { id: number }; query: { aid?: number | undefined } },
) {
  const viewer = requireViewer(request);
  assertEngineer(viewer);
  const issue = await loadIssue(exec, viewer, request.query.aid, request.params.id);
  return { viewer, issue };
}

export async function noteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  app.get(
    "/issue/:id/notes",
    { schema: { ...onIssue, response: { 200: z.array(ZNote) } } },
    async (request) => {
      const { issue } = await engineerOnIssue(db, request);
      return listNotes(db, issue.issueNumber);
    },
  );

  app.post(
    "/issue/:id/notes",
    { schema: { ...onIssue, body: ZNoteRequest, response: { 201: ZNote } } },
    async (request, reply) => {
      const { note, events } = await db.transaction(async (tx) => {
        const { viewer, issue } = await engineerOnIssue(tx, request);
        return addNote(tx, viewer, issue, request.body.body);
      });
      pushNote(realtime, note, "created");
      pushEvents(realtime, events);
      return reply.code(201).send(note);
    },
  );

  app.put(
    "/issue/:id/notes/:noteId",
    { schema: { ...onNote, body: ZNoteRequest, response: { 200: ZNote } } },
    async (request) => {
      const note = await db.transaction(async (tx) => {
        const { viewer, issue } = await engineerOnIssue(tx, request);
        return editNote(tx, viewer, issue, request.params.noteId, request.body.body);
      });
      pushNote(realtime, note, "edited");
      return note;
    },
  );

  app.delete("/issue/:id/notes/:noteId", { schema: onNote }, async (request, reply) => {
    const { note, events } = await db.transaction(async (tx) => {
      const { viewer, issue } = await engineerOnIssue(tx, request);
      return deleteNote(tx, viewer, issue, request.params.noteId);
    });
    pushNote(realtime, note, "deleted");
    pushEvents(realtime, events);
    return reply.code(204).send();
  });
}
