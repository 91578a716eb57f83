/**
 * Issue summaries (spec §7.3 llm issue summarize): an OpenAI-compatible model when LLM_BASE_URL
 * is set, otherwise a built-in extractive summary, labelled as such. Cached per last message
 * index and per audience (a customer's never reads internal notes).
 */
import { z } from "../zod";

export const SUMMARY_SOURCES = ["llm", "built-in"] as const;

export const SUMMARY_MESSAGES = {
  timeout: "The summary service did not answer in time. Try again later.",
  failed: (reason: string) => `The summary service failed: ${reason}`,
  tooShort: "There is not enough conversation to summarize yet",
} as const;

/** POST /api/chat/issue/:id/summarize */
export const ZSummary = z.object({
  issue_number: z.number(),
  /** Two paragraphs of plain text, separated by a blank line. */
  summary: z.string(),
  source: z.enum(SUMMARY_SOURCES),
  /** The model that wrote it (llm), null for the built-in one. */
  model: z.string().nullable(),
  /** The newest message it covers. */
  last_message_index: z.number(),
  generated_at: z.string(),
  cached: z.boolean(),
});
export type TSummary = z.infer<typeof ZSummary>;
