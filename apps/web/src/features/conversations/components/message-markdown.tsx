/**
 * A message body as Markdown, rendered safely: raw HTML stays text (react-markdown never parses
 * it into elements), rehype-sanitize keeps GitHub's safe subset and drops `javascript:` and other
 * unsafe URLs, and every link opens in a new tab with rel="noopener noreferrer".
 */
import type { ComponentProps } from "react";
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

export function MessageMarkdown({ body, preformatted = false }: { body: string; preformatted?: boolean }) {
  if (preformatted) {
    return <pre className="overflow-x-auto font-mono text-sm whitespace-pre-wrap">{body}</pre>;
  }
  return (
    <div className="message-markdown text-sm leading-relaxed break-words">
      <Markdown rehypePlugins={rehypePlugins} urlTransform={safeUrl} components={components}>
        {body}
      </Markdown>
    </div>
  );
}
