import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAppWithWeb, type TestContext } from "../test/helper";

let t: TestContext;
beforeAll(async () => {
  t = await createTestAppWithWeb();
});
afterAll(() => t.close());

describe("the built web app", () => {
  it.each(["/", "/issues", "/issues/42?msgIndex=3", "/customers/7"])("GET %s serves the app", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain('<div id="root">');
  });

  it.each(["/", "/issues", "/customers/7"])("HEAD %s answers like GET, without a body", async (url) => {
    const get = await t.app.inject({ method: "GET", url });
    const head = await t.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.body).toBe("");
  });

  it("HEAD of a static asset answers like GET", async () => {
    const head = await t.app.inject({ method: "HEAD", url: "/assets/app.js" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/javascript/);
    expect(head.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it.each<["GET" | "HEAD" | "POST", string]>([
    ["HEAD", "/api/nothing-here"],
    ["HEAD", "/assets/missing.js"],
    ["GET", "/api/nothing-here"],
    ["GET", "/assets/missing.js"],
    ["POST", "/issues"],
  ])("%s %s is a 404, not the app", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    if (method !== "HEAD")
      expect(res.json()).toEqual({ error: `Route ${method} ${url} not found`, status: 404 });
  });
});
