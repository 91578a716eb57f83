import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isPlainText, MessageMarkdown } from "./message-markdown";

describe("message Markdown", () => {
  it("renders Markdown", () => {
    render(<MessageMarkdown body={"**offline** since `09:00`"} />);
    expect(screen.getByText("offline").tagName).toBe("STRONG");
    expect(screen.getByText("09:00").tagName).toBe("CODE");
  });

  it("keeps a script inert: no script element, nothing run", () => {
    const { container } = render(
      <MessageMarkdown
        body={'Hi <script>window.hacked = 1</script> <img src=x onerror="window.hacked=2">'}
      />,
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText(/Hi/)).toBeInTheDocument();
  });

  it("never links javascript:", () => {
    const { container } = render(
      <MessageMarkdown body={"[click](javascript:alert(1)) and [data](data:text/html,x)"} />,
    );
    expect(screen.getByText("click")).toBeInTheDocument();
    for (const a of container.querySelectorAll("a")) {
      expect(a.getAttribute("href") ?? "").not.toMatch(/^(javascript|data):/i);
    }
    expect(screen.queryByRole("link", { name: "click" })).toBeNull();
  });

  it("opens links in a new tab without giving it the opener", () => {
    render(<MessageMarkdown body={"See [the docs](https://example.com/docs)"} />);
    const link = screen.getByRole("link", { name: "the docs" });
    expect(link).toHaveAttribute("href", "https://example.com/docs");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows a preformatted message as written", () => {
    render(<MessageMarkdown body={"**not bold**"} preformatted />);
    expect(screen.getByText("**not bold**").tagName).toBe("PRE");
  });

  it("renders plain text as the paragraphs Markdown would make, without the Markdown pipeline", () => {
    const { container } = render(<MessageMarkdown body={"First line\nsame paragraph\n\nSecond one."} />);
    expect([...container.querySelectorAll("p")].map((p) => p.textContent)).toEqual([
      "First line\nsame paragraph",
      "Second one.",
    ]);
  });

  it("takes the plain path only where Markdown would change nothing", () => {
    for (const plain of [
      "ok, thanks.",
      "Version 4.2 (build 17) at https://example.com/x - see above",
      "a\n\nb",
    ])
      expect(isPlainText(plain), plain).toBe(true);
    for (const marked of [
      "**bold**",
      "snake_case",
      "`code`",
      "[a](b)",
      "<b>x</b>",
      "&amp;",
      "- item",
      "1. first",
      "# title",
      "> quote",
      "    indented code",
      "line with a hard break  \nnext",
      "Title\n===",
      "escaped \\* star",
    ])
      expect(isPlainText(marked), marked).toBe(false);
  });
});
