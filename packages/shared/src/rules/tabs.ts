/**
 * Open issue tabs of spec §2.4 (at most 50), kept as a list of issue numbers, oldest first,
 * like browser tabs: a new tab goes at the end, re-opening an open tab does not move it (tabs
 * jumping under the pointer are disorienting), and past the limit the oldest tab is dropped.
 * Every function returns a new array and never mutates its input.
 */

export const MAX_OPEN_TABS = 50;

function isIssueNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

export function openTab(tabs: readonly number[], issueNumber: number): number[] {
  if (!isIssueNumber(issueNumber)) return [...tabs];
  if (tabs.includes(issueNumber)) return [...tabs];
  const next = [...tabs, issueNumber];
  return next.length > MAX_OPEN_TABS ? next.slice(next.length - MAX_OPEN_TABS) : next;
}

export function closeTab(tabs: readonly number[], issueNumber: number): number[] {
  return tabs.filter((tab) => tab !== issueNumber);
}

/** "Close others": only the given tab stays (none, if it wasn't open). */
export function closeOthers(tabs: readonly number[], issueNumber: number): number[] {
  return tabs.filter((tab) => tab === issueNumber);
}

export function closeAll(): number[] {
  return [];
}

/**
 * Which tab to show after closing `closed`: its right neighbour, else its left one, else none.
 * Null also when `closed` wasn't open.
 */
export function tabAfterClose(tabs: readonly number[], closed: number): number | null {
  const index = tabs.indexOf(closed);
  if (index === -1) return null;
  return tabs[index + 1] ?? tabs[index - 1] ?? null;
}

/**
 * Tabs read back from client storage may be anything: keep valid issue numbers, first
 * occurrence only, and the newest MAX_OPEN_TABS.
 */
export function sanitizeTabs(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const unique = [...new Set(value.filter(isIssueNumber))];
  return unique.slice(Math.max(0, unique.length - MAX_OPEN_TABS));
}
