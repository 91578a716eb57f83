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
  /** Nested pages: the page above, shown as a breadcrumb. */
  parent?: { title: string; path: string };
}

export const PLACEHOLDER_SCREENS: readonly PlaceholderScreenDef[] = [
  { path: "activity", title: "Engineer activity", engineerOnly: true },
  {
    path: "activity/v2",
    title: "Engineer activity",
    engineerOnly: true,
    parent: { title: "Engineer activity", path: "/activity" },
  },
];
