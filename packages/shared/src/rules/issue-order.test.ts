import { describe, expect, it } from "vitest";
import {
  type ConversationListItem,
  compareConversations,
  moveAfterAnswer,
  sortConversations,
} from "./issue-order";
import type { IssueStatus } from "./issue-status";

function item(
  channelId: string,
  issueStatus: IssueStatus,
  lastUpdatedAt: string | null,
  extra: Partial<ConversationListItem> = {},
): ConversationListItem {
  return {
    channelId,
    issue: Number(channelId.replace(/\D/g, "")) || 0,
    issueStatus,
    issueType: null,
    lastUpdatedAt,
    unreadMessageCount: 0,
    planRank: 8,
    ...extra,
  };
}

const ids = (list: readonly ConversationListItem[]) => list.map((i) => i.channelId);

describe("compareConversations", () => {
  it.each<[string, ConversationListItem, ConversationListItem]>([
    ["open before answered", item("a", "open", "2020-01-01"), item("b", "answered", "2025-01-01")],
    ["waiting before answered", item("a", "waiting", "2020-01-01"), item("b", "answered", "2025-01-01")],
    ["answered before archived", item("a", "answered", "2020-01-01"), item("b", "archived", "2025-01-01")],
    [
      "panic before normal, despite plan and time",
      item("a", "waiting", "2020-01-01", { issueType: "PANIC", planRank: 8 }),
      item("b", "open", "2025-01-01", { planRank: 1 }),
    ],
    [
      "lower plan rank first",
      item("a", "waiting", "2020-01-01", { planRank: 1 }),
      item("b", "open", "2025-01-01", { planRank: 2 }),
    ],
    ["same rank: open before waiting", item("a", "open", "2020-01-01"), item("b", "waiting", "2025-01-01")],
    ["same rank and status: newer first", item("a", "open", "2025-01-02"), item("b", "open", "2025-01-01")],
    [
      "answered: newer first, plan ignored",
      item("a", "answered", "2025-01-02", { planRank: 8 }),
      item("b", "answered", "2025-01-01", { planRank: 1 }),
    ],
    [
      "answered: panic ignored",
      item("a", "answered", "2025-01-02"),
      item("b", "answered", "2025-01-01", { issueType: "PANIC" }),
    ],
    ["archived: newer first", item("a", "archived", "2025-01-02"), item("b", "archived", "2025-01-01")],
    ["missing time sorts oldest", item("a", "open", "2020-01-01"), item("b", "open", null)],
    ["bad time sorts oldest", item("a", "open", "2020-01-01"), item("b", "open", "not a date")],
  ])("%s", (_name, first, second) => {
    expect(compareConversations(first, second)).toBeLessThan(0);
    expect(compareConversations(second, first)).toBeGreaterThan(0);
  });

  it("ties compare equal", () => {
    expect(compareConversations(item("a", "open", "2025-01-01"), item("b", "open", "2025-01-01"))).toBe(0);
  });

  it("an empty issue type is not a panic", () => {
    const empty = item("a", "open", "2025-01-01", { issueType: "", planRank: 2 });
    expect(compareConversations(item("b", "open", "2020-01-01", { planRank: 1 }), empty)).toBeLessThan(0);
  });
});

describe("sortConversations", () => {
  it("orders a mixed list and leaves the input alone", () => {
    const list = [
      item("archived-old", "archived", "2024-01-01"),
      item("answered-new", "answered", "2025-03-01"),
      item("open-std", "open", "2025-01-01", { planRank: 1 }),
      item("panic", "waiting", "2024-01-01", { issueType: "PANIC", planRank: 7 }),
      item("archived-new", "archived", "2025-01-01"),
      item("waiting-std", "waiting", "2025-02-01", { planRank: 1 }),
      item("answered-old", "answered", "2025-01-01"),
      item("open-none", "open", "2025-04-01"),
    ];
    const before = ids(list);
    expect(ids(sortConversations(list))).toEqual([
      "panic",
      "open-std",
      "waiting-std",
      "open-none",
      "answered-new",
      "answered-old",
      "archived-new",
      "archived-old",
    ]);
    expect(ids(list)).toEqual(before);
  });
});

describe("moveAfterAnswer", () => {
  const sorted = sortConversations([
    item("p", "open", "2025-01-05", { issueType: "PANIC" }),
    item("o1", "open", "2025-01-04", { planRank: 1 }),
    item("w", "waiting", "2025-01-03", { planRank: 1 }),
    item("a1", "answered", "2025-01-02"),
    item("a2", "answered", "2024-12-01"),
    item("x", "archived", "2025-01-01"),
  ]);

  it.each<[string, ConversationListItem, string[]]>([
    [
      "answered live issue moves to the top of answered",
      item("o1", "answered", "2025-02-01"),
      ["p", "w", "o1", "a1", "a2", "x"],
    ],
    [
      "customer reply moves answered back to live",
      item("a2", "waiting", "2025-02-01", { planRank: 1 }),
      ["p", "o1", "a2", "w", "a1", "x"],
    ],
    ["archived goes to archived", item("a1", "archived", "2025-02-01"), ["p", "o1", "w", "a2", "a1", "x"]],
    [
      "unknown item is inserted",
      item("new", "waiting", "2025-02-01", { planRank: 8 }),
      ["p", "o1", "w", "new", "a1", "a2", "x"],
    ],
    [
      "new item last when it sorts last",
      item("old", "archived", "2000-01-01"),
      ["p", "o1", "w", "a1", "a2", "x", "old"],
    ],
  ])("%s", (_name, updated, expected) => {
    const moved = moveAfterAnswer(sorted, updated);
    expect(ids(moved)).toEqual(expected);
    expect(moved).toContain(updated);
  });
});
