/**
 * Alerts under /api (spec §7.2 alerts, §7.1 alert types, categories and subscriptions, §8
 * TNC_UPDATE): the viewer's own alerts only, so another user's alert id is simply not found.
 * Reading changes the bell in every tab of the user (an alerts-read frame on user:{id}).
 */
import { ALERTS } from "@portico/shared/errors";
import {
  ALERT_CATEGORIES,
  ALERT_MESSAGES,
  ALERT_TYPE_CODES,
  ALERT_TYPES,
  type AlertCategory,
  ZAlert,
  ZAlertListQuery,
  ZAlertListResponse,
  ZAlertParam,
  ZAlertSubscription,
  ZAlertSubscriptionRequest,
  ZAlertSummary,
  ZAlertTypeInfo,
  ZTncUpdateRequest,
  ZUpdateAlertRequest,
} from "@portico/shared/schemas/alerts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../platform/auth/require";
import { badRequest, forbidden, notFound } from "../../platform/errors";
import {
  alertSummary,
  listAlerts,
  listSubscriptions,
  readAllAlerts,
  saveSubscription,
  setAlertRead,
  typesFor,
  unreadCount,
} from "./alerts.queries";
import { everyone, pushAlerts, pushAlertsRead, raiseAlerts } from "./alerts.service";

const tags = ["alerts"];
/** §8: the alert routes' failures carry the generic code. */
const config = { alertCode: ALERTS.ALERT_ROUTES.code };

export const TNC_ADMINS_ONLY = "Only vendor admins can do this";

const CATEGORY_NAMES: Record<AlertCategory, string> = {
  issues: "Issues",
  planning: "Planning",
  clusters: "Clusters",
  account: "Account",
};

export async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, realtime } = app.ctx;

  app.get(
    "/chat/alerts",
    { config, schema: { tags, querystring: ZAlertListQuery, response: { 200: ZAlertListResponse } } },
    async (request) => listAlerts(db, requireViewer(request).userId, request.query),
  );

  app.get(
    "/chat/alerts/summary",
    { config, schema: { tags, response: { 200: ZAlertSummary } } },
    async (request) => alertSummary(db, requireViewer(request).userId),
  );

  app.post(
    "/chat/alerts/read-all",
    { config, schema: { tags, response: { 200: z.object({ unread: z.number() }) } } },
    async (request) => {
      const { userId } = requireViewer(request);
      await readAllAlerts(db, userId);
      pushAlertsRead(realtime, userId, 0);
      return { unread: 0 };
    },
  );

  app.put(
    "/chat/alert/:id",
    { config, schema: { tags, params: ZAlertParam, body: ZUpdateAlertRequest, response: { 200: ZAlert } } },
    async (request) => {
      const { userId } = requireViewer(request);
      const alert = await setAlertRead(db, userId, request.params.id, request.body.read);
      if (!alert) throw notFound(ALERT_MESSAGES.alertNotFound);
      pushAlertsRead(realtime, userId, await unreadCount(db, userId));
      return alert;
    },
  );

  app.get(
    "/alert-types",
    { config, schema: { tags, response: { 200: z.array(ZAlertTypeInfo) } } },
    async () =>
      ALERT_TYPE_CODES.map((type) => {
        const { name, category, mandatory, engineersOnly } = ALERT_TYPES[type];
        return { type, name, category, mandatory, engineers_only: engineersOnly };
      }),
  );

  app.get(
    "/alert-categories",
    {
      config,
      schema: {
        tags,
        response: { 200: z.array(z.object({ category: z.enum(ALERT_CATEGORIES), name: z.string() })) },
      },
    },
    async () => ALERT_CATEGORIES.map((category) => ({ category, name: CATEGORY_NAMES[category] })),
  );

  app.get(
    "/alert-subscriptions",
    { config, schema: { tags, response: { 200: z.array(ZAlertSubscription) } } },
    async (request) => {
      const viewer = requireViewer(request);
      return listSubscriptions(db, viewer.userId, viewer.isEngineer);
    },
  );

  app.put(
    "/alert-subscriptions",
    {
      config,
      schema: { tags, body: ZAlertSubscriptionRequest, response: { 200: z.array(ZAlertSubscription) } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      const { type, enabled } = request.body;
      // A type the viewer can never get is as unknown to them as a made-up one.
      if (!typesFor(viewer.isEngineer).includes(type)) throw badRequest(ALERT_MESSAGES.unknownType);
      if (ALERT_TYPES[type].mandatory && !enabled) throw badRequest(ALERT_MESSAGES.mandatory);
      await saveSubscription(db, viewer.userId, type, enabled);
      return listSubscriptions(db, viewer.userId, viewer.isEngineer);
    },
  );

  app.post(
    "/alerts/tnc",
    {
      config,
      schema: { tags, body: ZTncUpdateRequest, response: { 200: z.object({ alerted: z.number() }) } },
    },
    async (request) => {
      const viewer = requireViewer(request);
      if (!viewer.isAdmin) throw forbidden(TNC_ADMINS_ONLY);
      const { terms_type: termsType, effective_date: effectiveDate } = request.body;
      const raised = await db.transaction((tx) =>
        raiseAlerts(tx, {
          type: "TNC_UPDATE",
          userIds: everyone(),
          message: ALERT_MESSAGES.tncBanner,
          link: `/terms-and-conditions/${termsType}/${effectiveDate}`,
          data: { terms_type: termsType, effective_date: effectiveDate },
        }),
      );
      await pushAlerts(realtime, null, raised);
      return { alerted: raised.length };
    },
  );
}
