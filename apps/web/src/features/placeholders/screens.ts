/**
 * Screens of the signed-in area (spec §2.2) whose content arrives in later releases. Each is
 * registered now with its own title so the routes, navigation and headings are in place.
 */
export interface PlaceholderScreenDef {
  /** Path under the app, without the leading slash. */
  path: string;
  title: string;
  /** Vendor engineers only (customers see a "not available" screen). */
  engineerOnly?: boolean;
}

export const PLACEHOLDER_SCREENS: readonly PlaceholderScreenDef[] = [
  { path: "issues", title: "Issues" },
  { path: "issues/:issueNumber", title: "Issue" },
  { path: "health", title: "Health" },
  { path: "health/:accountId/:clusterId", title: "Cluster" },
  { path: "license", title: "License" },
  { path: "users", title: "Users" },
  { path: "panic", title: "Panic" },
  { path: "customers", title: "Customers", engineerOnly: true },
  { path: "customers/:id", title: "Customer", engineerOnly: true },
  { path: "subscription", title: "Subscription" },
  { path: "cluster/register", title: "Register cluster" },
  { path: "alerts", title: "Alerts" },
  { path: "upgrade-subscription", title: "Upgrade subscription" },
  { path: "upgrade-subscription-confirmation", title: "Upgrade confirmation" },
  { path: "end-subscription", title: "End subscription" },
  { path: "users-without-membership", title: "Users without membership", engineerOnly: true },
  { path: "files", title: "Files" },
  { path: "todos", title: "Todos" },
  { path: "activity", title: "Engineer activity", engineerOnly: true },
  { path: "activity/v2", title: "Engineer activity", engineerOnly: true },
  { path: "purgeview", title: "Purged accounts", engineerOnly: true },
];
