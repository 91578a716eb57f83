import { describe, expect, it } from "vitest";
import {
  EMPTY_PROBLEM,
  EMPTY_WORK,
  plainText,
  type SummaryInput,
  scoreSentences,
  splitSentences,
  summarizeExtractive,
  terms,
} from "./extractive";

describe("plainText", () => {
  it.each([
    ["a code fence", "Look:\n```\nrm -rf /data\n```\nthen retry", "Look:\n \nthen retry"],
    ["inline code marks", "run `df -h` now", "run df -h now"],
    ["a link", "see [the guide](https://x.example/g) first", "see the guide first"],
    ["an image", "![screenshot](a.png) attached", "screenshot attached"],
    ["a heading", "## Steps taken", "Steps taken"],
    ["bullets and numbers", "- one\n* two\n3. three", "one\ntwo\nthree"],
    ["a quote", "> the node said so", "the node said so"],
    ["bold marks", "this is **urgent**", "this is urgent"],
  ])("drops %s", (_label, markdown, plain) => {
    expect(plainText(markdown)).toBe(plain);
  });
});

describe("splitSentences", () => {
  it.each([
    ["at full stops", "The pool is full. Writes fail now.", ["The pool is full.", "Writes fail now."]],
    [
      "at ! and ?",
      "It crashed again! Can you check the logs?",
      ["It crashed again!", "Can you check the logs?"],
    ],
    [
      "at line breaks",
      "Node 3 is down\nthe rebuild stalls at 40%",
      ["Node 3 is down", "the rebuild stalls at 40%"],
    ],
    ["not inside a version", "We run version 2.4.1 on every node.", ["We run version 2.4.1 on every node."]],
    ["dropping those under 3 words", "Hi Erin! The disk is gone. Ok", ["The disk is gone."]],
  ])("splits %s", (_label, text, sentences) => {
    expect(splitSentences(text)).toEqual(sentences);
  });
});

describe("terms", () => {
  it.each([
    ["lower-cases and drops stop words", "The Pool is FULL", ["pool", "full"]],
    ["keeps versions and names", "Upgrade node-3 to v2.4.1 now", ["upgrade", "node-3", "v2.4.1"]],
    ["drops one-letter words and punctuation", "a b c: disk, (controller)!", ["disk", "controller"]],
    ["keeps non-Latin words", "Der Speicher läuft über", ["der", "speicher", "läuft", "über"]],
  ])("%s", (_label, sentence, expected) => {
    expect(terms(sentence)).toEqual(expected);
  });
});

const scoreOf = (input: SummaryInput, text: string) => {
  const found = scoreSentences(input).find((s) => s.text === text);
  if (!found) throw new Error(`no sentence ${text}`);
  return found.score;
};

describe("scoreSentences: the documented bonuses", () => {
  const filler = { side: "problem" as const, text: "The weather outside is pleasant today." };

  it.each([
    [
      "the opening sentence of a side (×1.5)",
      { title: "x", parts: [{ side: "problem", text: "Replication lags behind badly." }, filler] },
      { title: "x", parts: [filler, { side: "problem", text: "Replication lags behind badly." }] },
      "Replication lags behind badly.",
      1.5,
    ],
    [
      "terms shared with the title (×1.2 each)",
      { title: "Replication lag", parts: [filler, { side: "problem", text: "Replication is slow again." }] },
      { title: "Something else", parts: [filler, { side: "problem", text: "Replication is slow again." }] },
      "Replication is slow again.",
      1.2,
    ],
    [
      "the last engineer sentence (×1.3)",
      {
        title: "x",
        parts: [
          filler,
          { side: "work", text: "We looked at the graphs." },
          { side: "work", text: "Swapped the failing drive." },
        ],
      },
      {
        title: "x",
        parts: [
          filler,
          { side: "work", text: "We looked at the graphs." },
          { side: "work", text: "Swapped the failing drive." },
          { side: "work", text: "Graphs look normal again." },
        ],
      },
      "Swapped the failing drive.",
      null,
    ],
  ] as [string, SummaryInput, SummaryInput, string, number | null][])(
    "rewards %s",
    (_label, rewarded, plain, text, ratio) => {
      const a = scoreOf(rewarded, text);
      const b = scoreOf(plain, text);
      expect(a).toBeGreaterThan(b);
      if (ratio !== null) expect(a / b).toBeCloseTo(ratio, 5);
    },
  );

  it("rewards a technical detail (×1.3) and discounts an engineer's question (×0.5)", () => {
    const input: SummaryInput = {
      title: "x",
      parts: [
        filler,
        { side: "problem", text: "Controller reports error often." },
        { side: "problem", text: "Controller reports ENOSPC often." },
        { side: "work", text: "Opening words here first." },
        { side: "work", text: "Did the controller restart?" },
        { side: "work", text: "Did the controller restart." },
        { side: "work", text: "Closing words here last." },
      ],
    };
    const scores = scoreSentences(input);
    const plain = scores.find((s) => s.text === "Controller reports error often.")?.score ?? 0;
    const technical = scores.find((s) => s.text === "Controller reports ENOSPC often.")?.score ?? 0;
    expect(technical / plain).toBeCloseTo(1.3, 5);
    const question = scores.find((s) => s.text === "Did the controller restart?")?.score ?? 0;
    const statement = scores.find((s) => s.text === "Did the controller restart.")?.score ?? 0;
    expect(question / statement).toBeCloseTo(0.5, 5);
  });

  it("weighs a term that comes back in few sentences above one found in every sentence", () => {
    const input: SummaryInput = {
      title: "x",
      parts: [
        { side: "problem", text: "Opening sentence about nothing much." },
        { side: "problem", text: "Cluster snapshot job failed." },
        { side: "problem", text: "Cluster snapshot job failed again." },
        { side: "problem", text: "Cluster cluster cluster said hello." },
        { side: "problem", text: "Cluster status page loads." },
        { side: "problem", text: "Cluster dashboard shows green." },
      ],
    };
    const [, snapshot, , everywhere] = scoreSentences(input);
    expect(snapshot?.score).toBeGreaterThan(everywhere?.score ?? 0);
  });
});

describe("summarizeExtractive", () => {
  const conversation: SummaryInput = {
    title: "Replication lag on cluster prod-eu",
    parts: [
      {
        side: "problem",
        text: "Hi team! Replication to the DR site lags by 6 hours on prod-eu. It started after the upgrade to v5.2.",
      },
      { side: "work", text: "Thanks for the report. Could you send the replication logs?" },
      { side: "problem", text: "Logs attached. The lag keeps growing by about 20 minutes per hour." },
      {
        side: "work",
        text: "The logs show the WAN link throttled to 10 Mbit/s by the new QoS default in v5.2.",
      },
      {
        side: "work",
        text: "We raised the replication bandwidth limit to 500 Mbit/s. The lag is back under 5 minutes.",
      },
    ],
  };

  it("writes two paragraphs, the problem from the customer and the work from engineers, in their order", () => {
    const summary = summarizeExtractive(conversation);
    const [problem, work, ...rest] = summary.split("\n\n");
    expect(rest).toEqual([]);
    expect(problem).toBe(
      "Replication to the DR site lags by 6 hours on prod-eu. It started after the upgrade to v5.2. The lag keeps growing by about 20 minutes per hour.",
    );
    expect(work).toContain("throttled to 10 Mbit/s");
    expect(work).toContain("The lag is back under 5 minutes.");
    expect(work).not.toContain("Could you send");
    expect(work?.indexOf("throttled")).toBeLessThan(work?.indexOf("back under") ?? 0);
    for (const sentence of summary.split(/(?<=\.)\s+/)) {
      const plain = sentence.trim();
      if (plain) expect(conversation.parts.some((p) => p.text.includes(plain))).toBe(true);
    }
  });

  it.each([
    [
      "no engineer answer yet",
      [{ side: "problem", text: "The disk array is offline now." }],
      /\n\nNo engineer has answered yet\.$/,
    ],
    [
      "an issue opened by an engineer",
      [{ side: "work", text: "Proactive ticket: firmware 7.1 is due." }],
      new RegExp(`^${EMPTY_PROBLEM.replace(/\./g, "\\.")}\n\n`),
    ],
    [
      "nothing to say",
      [{ side: "problem", text: "Hi!" }],
      new RegExp(`^${EMPTY_PROBLEM}\n\n${EMPTY_WORK}$`.replace(/\.(?=\n|\$)/g, "\\.")),
    ],
  ] as [string, SummaryInput["parts"], RegExp][])("says so when there is %s", (_label, parts, shape) => {
    expect(summarizeExtractive({ title: "t", parts })).toMatch(shape);
  });

  it("keeps at most perParagraph sentences per paragraph and clips a very long one", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      side: "problem" as const,
      text: `Symptom number ${i} appears on node ${i}.`,
    }));
    const [problem] = summarizeExtractive({ title: "t", parts: many }, 2).split("\n\n");
    expect(problem?.match(/Symptom/g)).toHaveLength(2);

    const long = `The trace says ${"very ".repeat(100)}long things.`;
    const [clipped] = summarizeExtractive({ title: "t", parts: [{ side: "problem", text: long }] }).split(
      "\n\n",
    );
    expect(clipped).toHaveLength(300);
    expect(clipped?.endsWith("…")).toBe(true);
  });

  it("is pure: the same input gives the same summary", () => {
    expect(summarizeExtractive(conversation)).toBe(summarizeExtractive(structuredClone(conversation)));
  });
});
