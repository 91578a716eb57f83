import { describe, expect, it } from "vitest";
import { buildRedirect, isSafeRedirect, redirectTarget } from "./redirect";

describe("isSafeRedirect / redirectTarget", () => {
  it.each(["/issues", "/issues/42?msgIndex=3", "/customers/7#notes", "/"])("accepts %s", (path) => {
    expect(isSafeRedirect(path)).toBe(true);
    expect(redirectTarget(path)).toBe(path);
  });

  it.each([
    ["protocol-relative", "//evil.example/x"],
    ["backslash host", "/\\evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["relative without slash", "issues"],
    ["control character", "/\tissues"],
    ["empty", ""],
  ])("rejects %s and falls back to /issues", (_label, path) => {
    expect(isSafeRedirect(path)).toBe(false);
    expect(redirectTarget(path)).toBe("/issues");
  });

  it("falls back to /issues without a redirectTo", () => {
    expect(redirectTarget(null)).toBe("/issues");
  });
});

describe("buildRedirect", () => {
  it("carries the path and query of the requested page", () => {
    const to = buildRedirect(null, { pathname: "/issues/42", search: "?msgIndex=3" });
    expect(to).toBe(`/?redirectTo=${encodeURIComponent("/issues/42?msgIndex=3")}`);
    expect(new URLSearchParams(to.slice(2)).get("redirectTo")).toBe("/issues/42?msgIndex=3");
  });

  it("puts the flag first for an expired session or a missing one", () => {
    expect(buildRedirect("expired", { pathname: "/files", search: "" })).toBe(
      "/?expired=true&redirectTo=%2Ffiles",
    );
    expect(buildRedirect("unauthorized", { pathname: "/files", search: "" })).toBe(
      "/?unauthorized=true&redirectTo=%2Ffiles",
    );
  });

  it("keeps an earlier redirectTo already in the URL", () => {
    const to = buildRedirect(null, { pathname: "/otp", search: "?redirectTo=%2Fhealth" });
    expect(new URLSearchParams(to.slice(2)).get("redirectTo")).toBe("/health");
  });

  it("ignores an unsafe earlier redirectTo and carries the current page instead", () => {
    const to = buildRedirect(null, { pathname: "/files", search: "?redirectTo=%2F%2Fevil.example" });
    expect(new URLSearchParams(to.slice(2)).get("redirectTo")).toBe("/files?redirectTo=%2F%2Fevil.example");
  });

  it("adds no redirectTo for the start page", () => {
    expect(buildRedirect("expired", { pathname: "/", search: "" })).toBe("/?expired=true");
    expect(buildRedirect(null, { pathname: "/", search: "" })).toBe("/");
  });
});
