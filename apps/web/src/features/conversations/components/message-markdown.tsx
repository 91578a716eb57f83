/**
 * A message body as Markdown, rendered safely: raw HTML stays text (react-markdown never parses
 * it into elements), rehype-sanitize keeps GitHub's safe subset and drops `javascript:` and other
 * unsafe URLs, and every link opens in a new tab with rel="noopener noreferrer".
 */
import { type ComponentProps, memo, type ReactElement } from "react";
import Markdown, { defaultUrlTransform } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";

const SAFE_URL = /^(https?:|mailto:|#|\/(?!\/))/i;

/** Only http(s), mailto, in-page and same-site links; anything else becomes no link at all. */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return SAFE_URL.test(cleaned.trim()) ? cleaned : "";
}

function Link({ href, children }: ComponentProps<"a">) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium text-link underline">
      {children}
    </a>
  );
}

const components = { a: Link };
const rehypePlugins = [rehypeSanitize];

/**
 * Text that Markdown would render as plain paragraphs: no inline marks, HTML, entities or escapes,
 * no line that opens a block (list, heading, quote, code, rule) and no hard line break. Such a body
 * (most chat lines) skips the Markdown pipeline, which costs milliseconds per message.
 */
const INLINE_SYNTAX = /[*_`#<>[\]!&|~\\]/;
const BLOCK_START = /^(?: {0,3}(?:[-+=]|\d{1,9}[.)])| {4}|\t)|[ \t]{2,}$/m;

export function isPlainText(body: string): boolean {
  return !INLINE_SYNTAX.test(body) && !BLOCK_START.test(body);
}

function PlainParagraphs({ body }: { body: string }) {
  const paragraphs = body
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one immutable body
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

/**
 * Rendered Markdown by body: React elements are immutable, so a message scrolled out of view and
 * back is not parsed again. Bounded; the oldest entry goes first.
 */
const RENDERED_MAX = 500;
const rendered = new Map<string, ReactElement>();

function renderMarkdown(body: string): ReactElement {
  const held = rendered.get(body);
  if (held) return held;
  const element = isPlainText(body) ? (
    <PlainParagraphs body={body} />
  ) : (
    <Markdown rehypePlugins={rehypePlugins} urlTransform={safeUrl} components={components}>
      {body}
    </Markdown>
  );
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
  rendered.set(body, element);
  return element;
}

/**
 * Memoised: a row re-renders on every scroll frame, and a body that did not change is not
 * rendered again.
 */
export const MessageMarkdown = memo(function MessageMarkdown({
  body,
  preformatted = false,
}: {
  body: string;
  preformatted?: boolean;
}) {
  if (preformatted) {
    return <pre className="overflow-x-auto font-mono text-sm whitespace-pre-wrap">{body}</pre>;
  }
  return <div className="message-markdown text-sm leading-relaxed break-words">{renderMarkdown(body)}</div>;
});
