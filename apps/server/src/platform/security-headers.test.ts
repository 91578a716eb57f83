import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userPictures } from "../db/schema";
import {
  createAppWithUnreachableDatabase,
  createTestApp,
  createTestAppWithWeb,
  createUser,
  duringMaintenance,
  signIn,
  type TestContext,
} from "../test/helper";
import {
  appCsp,
  docsCsp,
  STRIPE_SOURCES,
  sentryOrigin,
  serializeCsp,
  USER_FILE_CSP,
  withSources,
} from "./security-headers";
import { contentDisposition } from "./user-files";

/** A Content-Security-Policy header as directive → sources. */
function parseCsp(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = "", ...sources] = d.split(/\s+/);
        return [name, sources];
      }),
  );
}

/** The app's policy for PUBLIC_URL http://portico.test without Sentry. */
const APP_POLICY = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "object-src": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'", "ws://portico.test"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** The headers every answer carries, whatever it is. */
function expectBrowserHeaders(res: LightMyRequestResponse, policy: Record<string, string[]> = APP_POLICY) {
  expect(parseCsp(res.headers["content-security-policy"])).toEqual(policy);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-frame-options"]).toBe("DENY");
  expect(res.headers["referrer-policy"]).toBe("no-referrer");
  expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
}

describe("the policy (pure)", () => {
  it("has no inline or eval script, allows inline style, and nothing third-party by default", () => {
    const policy = appCsp({ publicUrl: "http://portico.test" });
    expect(policy).toEqual(APP_POLICY);
    expect(serializeCsp(policy)).toContain("script-src 'self'; script-src-attr 'none';");
  });

  it("over https: same-origin wss and upgrade-insecure-requests", () => {
    const policy = appCsp({ publicUrl: "https://portal.example.com" });
    expect(policy["connect-src"]).toEqual(["'self'", "wss://portal.example.com"]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(serializeCsp(policy)).toMatch(/; upgrade-insecure-requests$/);
  });

  it.each([
    ["https://abc123@o42.ingest.sentry.io/7", "https://o42.ingest.sentry.io"],
    ["https://key@o1.ingest.us.sentry.io/4508", "https://o1.ingest.us.sentry.io"],
    ["http://key@sentry.internal:9000/2", "http://sentry.internal:9000"],
    ["not a url", undefined],
    ["ftp://key@host/1", undefined],
    [undefined, undefined],
  ])("Sentry DSN %s reports to %s", (dsn, origin) => {
    expect(sentryOrigin(dsn)).toBe(origin);
    const connect = appCsp({ publicUrl: "http://portico.test", sentryDsn: dsn })["connect-src"];
    expect(connect).toEqual(["'self'", "ws://portico.test", ...(origin ? [origin] : [])]);
  });

  it("takes extra sources per directive from configuration (a payment provider, say)", () => {
    const policy = appCsp({
      publicUrl: "https://portal.example.com",
      extra: {
        "script-src": ["https://js.stripe.com"],
        "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
        "connect-src": ["https://api.stripe.com", "'self'"],
        "object-src": ["https://plugins.example"],
      },
    });
    expect(policy["script-src"]).toEqual(["'self'", "https://js.stripe.com"]);
    expect(policy["frame-src"]).toEqual(["https://js.stripe.com", "https://hooks.stripe.com"]);
    expect(policy["connect-src"]).toEqual(["'self'", "wss://portal.example.com", "https://api.stripe.com"]);
    // 'none' cannot stand beside a source: it gives way.
    expect(policy["object-src"]).toEqual(["https://plugins.example"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("with Stripe keys: Stripe.js, its frames (card fields, 3-D Secure) and its API; nothing else moves", () => {
    const policy = appCsp({ publicUrl: "http://portico.test", stripe: true });
    expect(policy).toEqual({
      ...APP_POLICY,
      "script-src": ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"],
      "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
      "connect-src": ["'self'", "ws://portico.test", "https://api.stripe.com"],
    });
    expect(appCsp({ publicUrl: "http://portico.test", stripe: false })).toEqual(APP_POLICY);
    // The docs never run Stripe.js.
    expect(docsCsp({ publicUrl: "http://portico.test", stripe: true })).toEqual({
      ...APP_POLICY,
      "connect-src": ["'self'"],
    });
  });

  it("withSources leaves the base untouched", () => {
    const base = { "img-src": ["'self'"] };
    withSources(base, { "img-src": ["https://cdn.example"] });
    expect(base).toEqual({ "img-src": ["'self'"] });
  });

  it("the docs policy is the app's without its third-party hosts, Sentry or WebSocket", () => {
    const docs = docsCsp({
      publicUrl: "http://portico.test",
      sentryDsn: "https://abc@o42.ingest.sentry.io/7",
      extra: { "script-src": ["https://js.stripe.com"] },
    });
    expect(docs).toEqual({ ...APP_POLICY, "connect-src": ["'self'"] });
  });
});

describe("Content-Disposition of user files (pure)", () => {
  it.each([
    ["image/png", "inline"],
    ["image/jpeg", "inline"],
    ["image/gif", "inline"],
    ["image/webp", "inline"],
    ["IMAGE/PNG; charset=binary", "inline"],
    ["image/svg+xml", "attachment"],
    ["text/html", "attachment"],
    ["application/xhtml+xml", "attachment"],
    ["text/xml", "attachment"],
    ["application/pdf", "attachment"],
    ["application/octet-stream", "attachment"],
    ["", "attachment"],
  ])("%s → %s", (type, disposition) => {
    expect(contentDisposition(type, "f.bin")).toBe(`${disposition}; filename="f.bin"`);
  });

  it("keeps the header ASCII and encodes the real name", () => {
    expect(contentDisposition("application/pdf", 'Rapport "été".pdf')).toBe(
      `attachment; filename="Rapport __t__.pdf"; filename*=UTF-8''Rapport%20%22%C3%A9t%C3%A9%22.pdf`,
    );
  });
});

describe("headers on every kind of answer", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestAppWithWeb();
  });
  afterAll(() => t.close());

  it.each<[string, { method: "GET" | "HEAD" | "POST" | "DELETE"; url: string; payload?: string }, number]>([
    ["the app's HTML at /", { method: "GET", url: "/" }, 200],
    ["the app's HTML at an app route", { method: "GET", url: "/issues/12?msgIndex=3" }, 200],
    ["HEAD of an app route", { method: "HEAD", url: "/issues" }, 200],
    ["a static script", { method: "GET", url: "/assets/app.js" }, 200],
    ["a static font", { method: "GET", url: "/assets/inter.woff2" }, 200],
    ["a missing asset (404)", { method: "GET", url: "/assets/missing.js" }, 404],
    ["API JSON", { method: "GET", url: "/api/maintenance/status" }, 200],
    ["401", { method: "GET", url: "/api/chat/user" }, 401],
    ["400 from a schema", { method: "POST", url: "/api/auth/login", payload: "{}" }, 400],
    ["400 for JSON that does not parse", { method: "POST", url: "/api/auth/login", payload: "{" }, 400],
    ["404 of an unknown API route", { method: "GET", url: "/api/nothing-here" }, 404],
    ["404 of another method", { method: "DELETE", url: "/" }, 404],
    ["a probe", { method: "GET", url: "/livez" }, 200],
    ["a malformed URL", { method: "GET", url: "/api/chat/user/%zz/thumbnail" }, 400],
  ])("%s", async (_label, request, status) => {
    const res = await t.app.inject({
      ...request,
      ...(request.payload === undefined ? {} : { headers: { "content-type": "application/json" } }),
    });
    expect(res.statusCode).toBe(status);
    expectBrowserHeaders(res);
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it.each(["/api/chat/user/%zz/thumbnail", "/%e0%a4%a", "/issues/%"])(
    "a URL that does not decode (%s): 400 in the usual shape",
    async (url) => {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Malformed URL", status: 400 });
      expectBrowserHeaders(res);
    },
  );

  it("415 for a body type no route reads", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: "username=a",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(415);
    expectBrowserHeaders(res);
  });

  it("the app's HTML is served as HTML", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<script type="module" src="/assets/app.js">');
  });

  it("503 during maintenance", async () => {
    await duringMaintenance(t, async () => {
      const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} });
      expect(res.statusCode).toBe(503);
      expectBrowserHeaders(res);
    });
  });

  /** The picture as a browser gets it: the checked thumbnail call redirects to a signed link. */
  const pictureOf = async (userId: number, authorization: string) => {
    const checked = await t.app.inject({
      method: "GET",
      url: `/api/chat/user/${userId}/thumbnail`,
      headers: { authorization },
    });
    expect(checked.statusCode).toBe(302);
    return t.app.inject({ method: "GET", url: String(checked.headers.location) });
  };

  it("a user's picture: the closed policy, nosniff, inline only as a raster image", async () => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await t.db.insert(userPictures).values({ userId: user.id, contentType: "image/png", data: png });
    const res = await pictureOf(user.id, authorization);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="picture-${user.id}.png"`);
    expect(res.headers["content-security-policy"]).toBe(USER_FILE_CSP);
    expect(parseCsp(res.headers["content-security-policy"])).toEqual({
      "default-src": ["'none'"],
      "frame-ancestors": ["'none'"],
      sandbox: [],
    });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ["image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ["text/html", "<script>alert(1)</script>"],
  ])("a stored %s is never shown inline", async (type, content) => {
    const user = await createUser(t.db);
    const { authorization } = await signIn(t.app, user);
    await t.db
      .insert(userPictures)
      .values({ userId: user.id, contentType: type, data: Buffer.from(content) });
    const res = await pictureOf(user.id, authorization);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; /);
    expect(res.headers["content-security-policy"]).toBe(USER_FILE_CSP);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("/api/docs gets its own policy, and only there", async () => {
    const docsPolicy = { ...APP_POLICY, "connect-src": ["'self'"] };
    for (const url of ["/api/docs", "/api/docs/static/swagger-ui.css", "/api/docs/json"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expectBrowserHeaders(res, docsPolicy);
    }
    expectBrowserHeaders(await t.app.inject({ method: "GET", url: "/api/docs-not" }));
  });
});

describe("a 500 (the database is down)", () => {
  it("carries the headers too", async () => {
    const down = await createAppWithUnreachableDatabase();
    try {
      const res = await down.app.inject({ method: "GET", url: "/api/maintenance/status" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: "Internal server error", status: 500 });
      expectBrowserHeaders(res);
    } finally {
      await down.close();
    }
  });
});

describe("PUBLIC_URL on https with a Sentry DSN", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: "https://portal.example.com",
      SENTRY_DSN: "https://abc123@o42.ingest.sentry.io/7",
    });
  });
  afterAll(() => t.close());

  it("adds Strict-Transport-Security, wss and Sentry's ingest origin", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/maintenance/status" });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const policy = parseCsp(res.headers["content-security-policy"]);
    expect(policy["connect-src"]).toEqual([
      "'self'",
      "wss://portal.example.com",
      "https://o42.ingest.sentry.io",
    ]);
    expect(policy["upgrade-insecure-requests"]).toEqual([]);
    expect(policy["script-src"]).toEqual(["'self'"]);
  });
});

describe("Stripe keys configured", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestAppWithWeb({
      STRIPE_SECRET_KEY: "sk_test_csp",
      STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
      STRIPE_WEBHOOK_SECRET: "whsec_csp",
    });
  });
  afterAll(() => t.close());

  it("the app and the API allow Stripe's hosts; the docs do not", async () => {
    const stripePolicy = withSources(APP_POLICY, STRIPE_SOURCES);
    for (const url of ["/", "/upgrade-subscription", "/api/maintenance/status"]) {
      const res = await t.app.inject({ method: "GET", url });
      expectBrowserHeaders(res, stripePolicy);
    }
    const docs = await t.app.inject({ method: "GET", url: "/api/docs" });
    expectBrowserHeaders(docs, { ...APP_POLICY, "connect-src": ["'self'"] });
  });
});
