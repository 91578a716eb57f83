import { describe, expect, it } from "vitest";
import { deriveIssueStatus, type IssueAnswerState, type IssueStatus, issueStatusLabel } from "./issue-status";

const at = "2025-01-01T00:00:00Z";

describe("deriveIssueStatus", () => {
  it.each<[string, IssueAnswerState | null, IssueStatus]>([
    ["no answer state", null, "open"],
    ["nobody answered yet", { state: false, user_type: null, timestamp: null, is_archived: false }, "open"],
    [
      "engineer wrote last, not answered",
      { state: false, user_type: "engineer", timestamp: at, is_archived: false },
      "open",
    ],
    [
      "customer wrote last",
      { state: false, user_type: "customer", timestamp: at, is_archived: false },
      "waiting",
    ],
    [
      "answered by engineer",
      { state: true, user_type: "engineer", timestamp: at, is_archived: false },
      "answered",
    ],
    [
      "answered, customer flag",
      { state: true, user_type: "customer", timestamp: at, is_archived: false },
      "answered",
    ],
    [
      "archived and answered",
      { state: true, user_type: "engineer", timestamp: at, is_archived: true },
      "archived",
    ],
    [
      "archived, not answered, customer last",
      { state: false, user_type: "customer", timestamp: at, is_archived: true },
      "waiting",
    ],
    [
      "archived, not answered, nobody",
      { state: false, user_type: null, timestamp: null, is_archived: true },
      "open",
    ],
  ])("%s → %s", (_name, answerState, expected) => {
    expect(deriveIssueStatus(answerState)).toBe(expected);
  });
});

describe("issueStatusLabel", () => {
  it.each<[IssueStatus, string]>([
    ["open", "Open"],
    ["waiting", "Waiting for response"],
    ["answered", "Answered"],
    ["archived", "Archived"],
  ])("%s → %s", (status, label) => {
    expect(issueStatusLabel(status)).toBe(label);
  });
});
