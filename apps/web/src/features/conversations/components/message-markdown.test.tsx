import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageMarkdown } from "./message-markdown";

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
});
