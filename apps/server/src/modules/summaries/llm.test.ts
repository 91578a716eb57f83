import { describe, expect, it } from "vitest";
import { buildPrompt, MAX_CONVERSATION_CHARS, type PromptMessage } from "./llm";

const message = (i: number, text = `message number ${i}`): PromptMessage => ({
  authorType: i % 2 ? "customer" : "engineer",
  authorName: i % 2 ? "Olga" : "Erin",
  text,
});

describe("buildPrompt", () => {
  it("lists the title and every message with its author type and name", () => {
    const prompt = buildPrompt({ issueNumber: 7, title: "Disk full", messages: [message(1), message(2)] });
    expect(prompt).toBe(
      "Issue #7: Disk full\n\nConversation:\n[1] customer Olga: message number 1\n[2] engineer Erin: message number 2",
    );
  });

  it("adds notes under a heading marking them internal, and none when there are none", () => {
    const withNotes = buildPrompt({
      issueNumber: 7,
      title: "t",
      messages: [message(1)],
      notes: [{ authorName: "Erin", text: "firmware is unsupported" }],
    });
    expect(withNotes).toMatch(
      /\n\nINTERNAL NOTES \(engineers only, never shown to the customer\):\n- Erin: firmware is unsupported$/,
    );
    expect(buildPrompt({ issueNumber: 7, title: "t", messages: [message(1)], notes: [] })).not.toContain(
      "INTERNAL",
    );
  });

  it("keeps a long conversation within the budget: the first 3 messages, a gap line, the newest", () => {
    const long = Array.from({ length: 300 }, (_, i) => message(i + 1, `${"x".repeat(1990)} #${i + 1}`));
    const prompt = buildPrompt({ issueNumber: 7, title: "t", messages: long });
    const conversation = prompt.slice(prompt.indexOf("Conversation:\n") + "Conversation:\n".length);
    expect(conversation.length).toBeLessThanOrEqual(MAX_CONVERSATION_CHARS);
    const lines = conversation.split("\n");
    expect(lines.slice(0, 3).map((l) => l.slice(0, 4))).toEqual(["[1] ", "[2] ", "[3] "]);
    const gap = lines[3] ?? "";
    const kept = lines.length - 4;
    expect(gap).toBe(`[… ${300 - 3 - kept} messages left out …]`);
    expect(lines.at(-1)).toMatch(/^\[300\] engineer Erin: x+ #300$/);
    expect(kept).toBeGreaterThan(15);
  });
});
