import type { TSearchSnippet } from "@portico/shared/schemas/search";
import { snippetParts } from "./highlight";

/**
 * A search snippet with its matched words in <mark>; everything is text, nothing is HTML.
 * `markdown`: a message's snippet, shown without its emphasis and code marks.
 */
export function Snippet({ snippet, markdown = false }: { snippet: TSearchSnippet; markdown?: boolean }) {
  return (
    <>
      {snippetParts(snippet, markdown).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
          <mark key={index} className="rounded-sm bg-warning-surface px-0.5 text-warning-surface-foreground">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, never reordered
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
