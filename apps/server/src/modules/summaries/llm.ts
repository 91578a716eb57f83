/**
 * The model behind summaries: any OpenAI-compatible chat-completions endpoint (LLM_BASE_URL),
 * called through the `openai` SDK. One attempt within LLM_TIMEOUT_MS (no retries: someone is
 * waiting for the answer); a time-out is 504 and every other failure 502, with a reason safe to
 * show (never the endpoint's own error text, which may echo the prompt or a key).
 */
import { SUMMARY_MESSAGES } from "@portico/shared/schemas/summaries";
import OpenAI, { APIConnectionTimeoutError, APIError } from "openai";
import type { Config } from "../../config";
import { HttpError } from "../../platform/errors";

export interface PromptMessage {
  authorType: "customer" | "engineer";
  authorName: string;
  text: string;
}

export interface PromptInput {
  issueNumber: number;
  title: string;
  messages: PromptMessage[];
  /** Engineers' summaries only: internal notes, which must never reach a customer. */
  notes?: { authorName: string; text: string }[];
}

const SYSTEM = [
  "You summarize support conversations of a storage-software vendor.",
  "Answer with exactly two short paragraphs of plain text separated by one blank line, no headings, no lists, no Markdown:",
  "first the customer's problem, then what the engineers have done so far and what is next.",
  "Use only facts from the conversation.",
].join(" ");

/** A prompt's conversation stays under this (a 300-message issue must fit a small model's window). */
export const MAX_CONVERSATION_CHARS = 48_000;
/** The opening messages always kept: they state the problem. */
const KEEP_FIRST = 3;

/**
 * The conversation lines within the budget: the first messages, then as many of the newest as
 * fit, with a line saying how many were left out between them.
 */
function conversationLines(messages: PromptMessage[]): string[] {
  const lines = messages.map((m, i) => `[${i + 1}] ${m.authorType} ${m.authorName}: ${m.text}`);
  const size = (list: string[]) => list.reduce((sum, line) => sum + line.length + 1, 0);
  if (size(lines) <= MAX_CONVERSATION_CHARS) return lines;
  const head = lines.slice(0, KEEP_FIRST);
  const tail: string[] = [];
  let budget = MAX_CONVERSATION_CHARS - size(head) - 40;
  for (let i = lines.length - 1; i >= KEEP_FIRST; i--) {
    const line = lines[i] ?? "";
    if (line.length + 1 > budget) break;
    budget -= line.length + 1;
    tail.unshift(line);
  }
  const left = lines.length - head.length - tail.length;
  return [...head, `[… ${left} messages left out …]`, ...tail];
}

/** The user message: the title, then each message as "[n] type name: text", then the notes, marked internal. */
export function buildPrompt(input: PromptInput): string {
  const lines = [
    `Issue #${input.issueNumber}: ${input.title}`,
    "",
    "Conversation:",
    ...conversationLines(input.messages),
  ];
  if (input.notes?.length) {
    lines.push("", "INTERNAL NOTES (engineers only, never shown to the customer):");
    for (const n of input.notes) lines.push(`- ${n.authorName}: ${n.text}`);
  }
  return lines.join("\n");
}

export class LlmSummarizer {
  private readonly client: OpenAI;

  constructor(private readonly settings: Config["llm"] & { baseUrl: string }) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      // A key-less local server (Ollama, llama.cpp) ignores the header; the SDK insists on one.
      apiKey: settings.apiKey ?? "none",
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
  }

  get model() {
    return this.settings.model;
  }

  /** Two paragraphs from the model, or an HttpError (504 time-out, 502 anything else). */
  async summarize(input: PromptInput): Promise<string> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create({
        model: this.settings.model,
        temperature: 0.2,
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: buildPrompt(input) },
        ],
      });
    } catch (err) {
      throw failure(err);
    }
    if (!Array.isArray(completion?.choices)) throw failed("the answer was not a chat completion");
    const content = completion.choices[0]?.message?.content;
    const text = typeof content === "string" ? content.trim() : "";
    if (!text) throw failed("the answer was empty");
    return text;
  }
}

const failed = (reason: string) => new HttpError(502, SUMMARY_MESSAGES.failed(reason));

function failure(err: unknown): HttpError {
  if (err instanceof APIConnectionTimeoutError) return new HttpError(504, SUMMARY_MESSAGES.timeout);
  if (err instanceof APIError && err.status !== undefined) return failed(`it answered HTTP ${err.status}`);
  if (err instanceof APIError) return failed("it could not be reached");
  return failed("the answer could not be read");
}
