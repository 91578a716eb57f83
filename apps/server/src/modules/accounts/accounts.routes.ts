import { ALERTS } from "@portico/shared/errors";
import {
  ORGANIZATION_NAME_TAKEN,
  ZAccountDetail,
  ZAccountSummary,
  ZAccountUsersResponse,
  ZAidQuery,
  ZCreateAccountRequest,
  ZCreatedAccount,
  ZIdParam,
  ZListQuery,
  ZPage,
  ZTeam,
  ZUpdateOrganizationNameRequest,
  ZUserWithoutMembership,
  ZValidateOrganizationNameRequest,
} from "@portico/shared/schemas/accounts";
import { ZCustomerDetail, ZCustomerListQuery, ZCustomerRow } from "@portico/shared/schemas/customers";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { invites } from "../../db/schema";
import { requireViewer } from "../../platform/auth/require";
import { readAid, resolveAccount } from "../../platform/auth/viewer";
import { sendCsv } from "../../platform/csv";
import { conflict, notFound } from "../../platform/errors";
import { auditActor, recordAudit } from "../customers/audit";
import {
  ACCOUNT_NOT_FOUND,
  assertEngineer,
  assertMayManageAccount,
  assertMaySeeAccount,
} from "./accounts.policy";
import {
  getAccountDetail,
  listAccounts,
  listAccountUsers,
  listTeams,
  listUsersWithoutMembership,
} from "./accounts.queries";
import { createOrganization, isOrganizationNameTaken, renameOrganization } from "./accounts.service";
import { getCustomerDetail } from "./customer-detail.queries";
import { listCustomers } from "./customer-list.queries";
import { customersCsv, customersCsvFilename } from "./customers-export";

const tags = ["accounts"];
const listsOrganizations = { alertCode: ALERTS.LIST_ORGANIZATIONS.code };
const fetchesUsers = { alertCode: ALERTS.FETCH_USERS.code };

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get("/teams", { schema: { tags, response: { 200: z.array(ZTeam) } } }, async (request) =>
    listTeams(db, requireViewer(request).userId),
  );

  const listSchema = { tags, querystring: ZListQuery, response: { 200: ZPage(ZAccountSummary) } };
  const list = async (
    request: { query: z.infer<typeof ZListQuery> } & Parameters<typeof requireViewer>[0],
  ) => {
    const viewer = requireViewer(request);
    return listAccounts(db, request.query, viewer.isEngineer ? undefined : viewer.userId);
  };
  app.get("/organizations", { config: listsOrganizations, schema: listSchema }, list);

  // The customers console (issue 16): the list, its CSV and the customer page.
  app.get(
    "/accountsinfo",
    {
      config: listsOrganizations,
      schema: { tags, querystring: ZCustomerListQuery, response: { 200: ZPage(ZCustomerRow) } },
    },
    async (request) => listCustomers(db, requireViewer(request), request.query),
  );

  app.get(
    "/accountsinfo/export",
    { schema: { tags, querystring: ZCustomerListQuery } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      assertEngineer(viewer);
      return sendCsv(reply, customersCsvFilename(), await customersCsv(db, viewer, request.query));
    },
  );

  app.get(
    "/accountsinfo/:id",
    { schema: { tags, params: ZIdParam, response: { 200: ZCustomerDetail } } },
    async (request) => {
      const viewer = requireViewer(request);
      const access = await assertMaySeeAccount(db, viewer, request.params.id);
      const detail = await getCustomerDetail(db, viewer, request.params.id, access);
      if (!detail) throw notFound(ACCOUNT_NOT_FOUND);
      return detail;
    },
  );

  app.get(
    "/account-users",
    {
      config: fetchesUsers,
      schema: { tags, querystring: ZAidQuery, response: { 200: ZAccountUsersResponse } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, readAid(request));
      await assertMaySeeAccount(db, viewer, accountId);
      return listAccountUsers(db, accountId);
    },
  );

  app.get(
    "/accounts/users-without-membership",
    {
      config: fetchesUsers,
      schema: { tags, querystring: ZListQuery, response: { 200: ZPage(ZUserWithoutMembership) } },
    },
    async (request) => {
      assertEngineer(requireViewer(request));
      return listUsersWithoutMembership(db, request.query);
    },
  );

  app.post(
    "/accounts",
    { schema: { tags, body: ZCreateAccountRequest, response: { 201: ZCreatedAccount } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      // An engineer creates a customer's organization from the console: they reach it without joining.
      const owner = viewer.isEngineer ? null : viewer.userId;
      const account = await db.transaction(async (tx) => {
        const created = await createOrganization(tx, owner, request.body.company);
        await recordAudit(tx, auditActor(request), {
          accountId: created.id,
          action: "account.created",
          details: { company: created.company },
        });
        return created;
      });
      return reply
        .code(201)
        .send({ account_id: account.id, company: account.company, role: owner === null ? null : "owner" });
    },
  );

  app.post(
    "/validate-organization-name",
    {
      schema: {
        tags,
        body: ZValidateOrganizationNameRequest,
        response: { 200: z.object({ valid: z.literal(true) }) },
      },
    },
    async (request) => {
      if (await isOrganizationNameTaken(db, request.body.name)) throw conflict(ORGANIZATION_NAME_TAKEN);
      return { valid: true as const };
    },
  );

  app.post(
    "/update-organization-name",
    { schema: { tags, body: ZUpdateOrganizationNameRequest, response: { 200: ZAccountDetail } } },
    async (request) => {
      const viewer = requireViewer(request);
      const { account_id: accountId, name } = request.body;
      await assertMayManageAccount(db, viewer, accountId);
      await db.transaction(async (tx) => {
        const from = await renameOrganization(tx, accountId, name);
        if (from !== name) {
          await recordAudit(tx, auditActor(request), {
            accountId,
            action: "account.renamed",
            details: { from, to: name },
          });
        }
      });
      const detail = await getAccountDetail(db, accountId, await assertMaySeeAccount(db, viewer, accountId));
      if (!detail) throw notFound(ACCOUNT_NOT_FOUND);
      return detail;
    },
  );

  app.delete(
    "/invites/:id",
    { schema: { tags, params: ZIdParam, querystring: ZAidQuery } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const { accountId } = resolveAccount(viewer, readAid(request));
      await assertMayManageAccount(db, viewer, accountId);
      await db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(invites)
          .where(and(eq(invites.id, request.params.id), eq(invites.accountId, accountId)))
          .returning({ email: invites.email });
        if (!deleted) throw notFound("Invite not found");
        await recordAudit(tx, auditActor(request), {
          accountId,
          action: "invite.revoked",
          details: { email: deleted.email },
        });
      });
      return reply.code(204).send();
    },
  );
}
