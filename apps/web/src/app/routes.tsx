/**
 * Route table: every route of spec §2.1 and §2.2, each screen lazy-loaded (blank meanwhile).
 * Public screens sit at the top; /create-account, /add-organization and /join-organization need a
 * session but no organization; everything else is the signed-in app, whose catch-all sends a
 * signed-out visitor to sign-in with `redirectTo`.
 */
import type { RouteObject } from "react-router";
import { maintenanceReached, requireSession, rootLoader } from "./guards";
import { lazyScreen, lazyWith } from "./lazy";
import { NotFound } from "./not-found";
import { BlankPlaceholder, RootLayout } from "./root-layout";
import { RouteError } from "./route-error";

// The design-kit gallery, in development builds only: Vite turns import.meta.env.DEV into false
// for production, so the route and its chunk are not built at all.
const devRoutes: RouteObject[] = import.meta.env.DEV
  ? [{ path: "gallery", lazy: lazyScreen(() => import("../features/gallery/gallery-screen")) }]
  : [];

export const routes: RouteObject[] = [
  {
    id: "root",
    loader: rootLoader,
    shouldRevalidate: () => false,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: BlankPlaceholder,
    children: [
      { index: true, lazy: lazyScreen(() => import("../features/auth/sign-in-screen")) },
      { path: "forgot-password", lazy: lazyScreen(() => import("../features/auth/forgot-password-screen")) },
      { path: "signup", lazy: lazyScreen(() => import("../features/auth/signup-screen")) },
      { path: "reset-password", lazy: lazyScreen(() => import("../features/auth/reset-password-screen")) },
      { path: "otp", lazy: lazyScreen(() => import("../features/auth/otp-screen")) },
      { path: "subscribe", lazy: lazyScreen(() => import("./subscribe-redirect")) },
      ...devRoutes,
      {
        path: "mnt",
        loader: maintenanceReached,
        lazy: lazyScreen(() => import("../features/maintenance/mnt-screen")),
      },
      {
        path: "maintenance",
        loader: maintenanceReached,
        lazy: lazyScreen(() => import("../features/maintenance/maintenance-screen")),
      },
      {
        path: "privacy-policy/:effectiveDate?",
        lazy: lazyWith(
          () => import("./legal-route"),
          (m) => m.PrivacyPolicyRoute,
        ),
      },
      {
        path: "terms-and-conditions/:type/:effectiveDate?",
        lazy: lazyWith(
          () => import("./legal-route"),
          (m) => m.TermsRoute,
        ),
      },
      {
        // Need a session, not an organization.
        loader: requireSession,
        children: [
          {
            path: "create-account",
            lazy: lazyScreen(() => import("../features/organizations/create-account-screen")),
          },
          {
            path: "add-organization",
            lazy: lazyScreen(() => import("../features/organizations/add-organization-screen")),
          },
          {
            path: "join-organization",
            lazy: lazyScreen(() => import("../features/organizations/join-organization-screen")),
          },
        ],
      },
      {
        id: "app",
        loader: requireSession,
        lazy: lazyScreen(() => import("../features/shell/app-shell")),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: "issues", lazy: lazyScreen(() => import("../features/conversations/issues-screen")) },
              {
                path: "issues/:issueNumber",
                lazy: lazyScreen(() => import("../features/conversations/issue-screen")),
              },
              { path: "meetings", lazy: lazyScreen(() => import("../features/meetings/meetings-screen")) },
              { path: "todos", lazy: lazyScreen(() => import("../features/todos/todos-screen")) },
              { path: "health", lazy: lazyScreen(() => import("../features/clusters/health-screen")) },
              {
                path: "health/:accountId/:clusterId",
                lazy: lazyScreen(() => import("../features/clusters/cluster-screen")),
              },
              {
                path: "cluster/register",
                lazy: lazyScreen(() => import("../features/clusters/register-cluster-screen")),
              },
              { path: "license", lazy: lazyScreen(() => import("../features/licences/licence-screen")) },
              {
                path: "api-tokens",
                lazy: lazyScreen(() => import("../features/api-tokens/api-tokens-screen")),
              },
              {
                path: "subscription",
                lazy: lazyScreen(() => import("../features/subscription/subscription-screen")),
              },
              {
                path: "end-subscription",
                lazy: lazyScreen(() => import("../features/subscription/end-subscription-screen")),
              },
              {
                path: "upgrade-subscription",
                lazy: lazyScreen(() => import("../features/subscription/upgrade-screen")),
              },
              {
                path: "upgrade-subscription-confirmation",
                lazy: lazyScreen(() => import("../features/subscription/upgrade-confirmation-screen")),
              },
              {
                path: "billing/test-checkout/:paymentIntentId",
                lazy: lazyScreen(() => import("../features/subscription/test-checkout-screen")),
              },
              { path: "activity", lazy: lazyScreen(() => import("../features/activity/activity-screen")) },
              {
                path: "activity/v2",
                lazy: lazyScreen(() => import("../features/activity/activity-timeline-screen")),
              },
              { path: "customers", lazy: lazyScreen(() => import("../features/customers/customers-screen")) },
              { path: "time-log", lazy: lazyScreen(() => import("../features/customers/time-log-screen")) },
              { path: "users", lazy: lazyScreen(() => import("../features/users/users-screen")) },
              {
                path: "users-without-membership",
                lazy: lazyScreen(() => import("../features/users/users-without-membership-screen")),
              },
              {
                path: "notifications",
                lazy: lazyScreen(() => import("../features/notices/notices-screen")),
              },
              { path: "purgeview", lazy: lazyScreen(() => import("../features/purge/purgeview-screen")) },
              { path: "feedback", lazy: lazyScreen(() => import("../features/feedback/feedback-screen")) },
              { path: "reports", lazy: lazyScreen(() => import("../features/reports/reports-screen")) },
              {
                path: "system-alerts",
                lazy: lazyScreen(() => import("../features/system-alerts/system-alerts-screen")),
              },
              {
                path: "customers/:id",
                lazy: lazyScreen(() => import("../features/customers/customer-screen")),
              },
              { path: "alerts", lazy: lazyScreen(() => import("../features/alerts/alerts-screen")) },
              { path: "files", lazy: lazyScreen(() => import("../features/files/files-screen")) },
              { path: "panic", lazy: lazyScreen(() => import("../features/panic/panic-screen")) },
              { path: "plans", lazy: lazyScreen(() => import("../features/subscription/plans-screen")) },
              {
                path: "sales-requests",
                lazy: lazyScreen(() => import("../features/subscription/sales-requests-screen")),
              },
              { path: "profile", lazy: lazyScreen(() => import("../features/profile/profile-screen")) },
              {
                path: "change-password",
                lazy: lazyScreen(() => import("../features/auth/change-password-screen")),
              },
              { path: "*", Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
];
