import { describe, expect, it } from "vitest";
import { DEFAULT_SUBSCRIBE_URL, subscribeUrl } from "./config";

describe("subscribeUrl", () => {
  it("defaults to the example address", () => {
    expect(subscribeUrl(undefined)).toBe(DEFAULT_SUBSCRIBE_URL);
    expect(subscribeUrl("")).toBe(DEFAULT_SUBSCRIBE_URL);
  });

  it("uses a configured https address", () => {
    expect(subscribeUrl("https://shop.example.org/plans?src=portico")).toBe(
      "https://shop.example.org/plans?src=portico",
    );
  });

  it("refuses anything but https", () => {
    expect(subscribeUrl("http://shop.example.org/")).toBe(DEFAULT_SUBSCRIBE_URL);
    expect(subscribeUrl("javascript:alert(1)")).toBe(DEFAULT_SUBSCRIBE_URL);
    expect(subscribeUrl("not a url")).toBe(DEFAULT_SUBSCRIBE_URL);
  });
});
