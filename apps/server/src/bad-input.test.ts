/**
 * Bad input is a 400 from the schema, never a 500 from the database: ids beyond PostgreSQL's
 * integer, U+0000 in any text that would reach it, malformed multipart bodies, and names made of
 * invisible characters. The walks read the app's own OpenAPI document, so a new route is covered
 * as soon as it declares its schema.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "./db/schema";
import { NUL_REFUSED } from "./platform/request-validation";
import {
  createAccount,
  createTestApp,
  createUser,
  multipart,
  randomIp,
  signIn,
  type TestContext,
} from "./test/helper";

let t: TestContext;
let engineer: string;
let owner: { id: number; authorization: string };
let account: { id: number };
/** The bearer of the route a prospect's cluster calls with its trial licence instead of a sign-in. */
let trialLicence: string;

beforeAll(async () => {
  t = await createTestApp();
  engineer = (await signIn(t.app, await createUser(t.db, { accountId: 1, role: "engineer" }))).authorization;
  account = await createAccount(t.db);
  const ownerUser = await createUser(t.db, { accountId: account.id, role: "owner", name: "Owner Name" });
  owner = { id: ownerUser.id, authorization: (await signIn(t.app, ownerUser)).authorization };
  const trial = await t.app.inject({
    method: "POST",
    url: "/api/auth/trial_licenses",
    headers: { authorization: engineer },
    payload: {
      company: "Walk Co",
      contact_name: "W",
      contact_email: "w@walk.example",
      capacity_tib: 1,
      days: 1,
    },
  });
  trialLicence = `Bearer ${trial.json().token}`;
});
afterAll(() => t.close());

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  maximum?: number;
};
type Operation = {
  parameters?: Array<{ in: "path" | "query"; name: string; schema?: { format?: string; pattern?: string } }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Every documented operation: method, Fastify-style path, and its OpenAPI description. */
function operations(): Array<{ method: Method; path: string; op: Operation }> {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path: path.replace(/\{(\w+)\}/g, ":$1"),
      op,
    })),
  );
}

const hasBody = (op: Operation) => op.requestBody !== undefined;

const paramsIn = (op: Operation, where: "path" | "query") =>
  (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);

/** Path parameters that are ids (digits only); others are uuids (files), cluster ids or names. */
const ID_PATTERN = String(/^\d{1,10}$/).slice(1, -1);
const idParamsIn = (op: Operation) =>
  (op.parameters ?? []).filter((p) => p.in === "path" && p.schema?.pattern === ID_PATTERN).map((p) => p.name);

const SAMPLE_UUID = "00000000-0000-4000-8000-000000000000";
/** A valid value for a path parameter that is not under test. */
const sample = (op: Operation | undefined, name: string) => {
  const schema = op?.parameters?.find((p) => p.in === "path" && p.name === name)?.schema;
  if (schema?.format === "uuid") return SAMPLE_UUID;
  return schema && schema.pattern === undefined ? "x.txt" : "1";
};

/** The path with each parameter replaced: `value` for `name`, a valid sample for the others. */
const fill = (path: string, name: string, value: string, op?: Operation) =>
  path.replace(/:(\w+)/g, (_m, p: string) => (p === name ? value : sample(op, p)));

/** A value of this schema's shape holding U+0000 in a string, if the shape has a string anywhere. */
function withNul(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.type === "string") return "a\u0000b";
  if (schema.type === "array") {
    const item = withNul(schema.items);
    return item === undefined ? undefined : [item];
  }
  for (const branch of schema.anyOf ?? []) {
    const value = withNul(branch);
    if (value !== undefined) return value;
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const value = withNul(property);
    if (value !== undefined) return { [name]: value };
  }
  return undefined;
}

const call = (method: Method, url: string, payload?: unknown, authorization = engineer) =>
  t.app.inject({
    method,
    url,
    remoteAddress: randomIp(),
    headers: { authorization },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("walking every documented route", () => {
  it("finds the routes that take ids", () => {
    const withIds = operations().filter(
      ({ op }) => paramsIn(op, "path").length > 0 || paramsIn(op, "query").includes("aid"),
    );
    expect(withIds.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        "DELETE /api/auth/invites/:id",
        "GET /api/auth/account-users",
        "GET /api/auth/accountsinfo/:id",
        "GET /api/chat/user",
        "GET /api/chat/user/:id/thumbnail",
      ]),
    );
  });

  it.each(["2147483648", "99999999999999999999", "0", "-1", "1.5", "1e3", "0x10", "%20"])(
    "every path id refuses %s with a 400",
    async (bad) => {
      for (const { method, path, op } of operations()) {
        for (const name of idParamsIn(op)) {
          const res = await call(method, fill(path, name, bad, op));
          expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
            route: `${method} ${path}`,
            status: 400,
          });
          // The message may name what the id is ("account id", "trial licence id").
          expect(res.json().error).toMatch(
            new RegExp(`(^|\\s)${name} must be a whole number from 1 to 2147483647$`),
          );
        }
      }
    },
  );

  it("every path id takes 2147483647, the largest, without a 500", async () => {
    for (const { method, path, op } of operations()) {
      for (const name of idParamsIn(op)) {
        const res = await call(method, fill(path, name, "2147483647", op));
        const route = `${method} ${path}`;
        expect({ route, serverError: res.statusCode >= 500 }).toEqual({ route, serverError: false });
        expect(res.json().error).not.toBe(`${name} must be a whole number from 1 to 2147483647`);
      }
    }
  });

  it("every aid refuses 2147483648 with a 400", async () => {
    for (const { method, path, op } of operations()) {
      if (!paramsIn(op, "query").includes("aid")) continue;
      const res = await call(method, `${fill(path, "", "1", op)}?aid=2147483648`);
      expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
        route: `${method} ${path}`,
        status: 400,
      });
      // Fastify checks the body before the query string: without one, the body is what is wrong.
      if (!hasBody(op)) expect(res.json().error).toBe("aid must be a whole number from 1 to 2147483647");
    }
  });

  it("every path parameter, query parameter and JSON string refuses U+0000 with a 400", async () => {
    let tried = 0;
    for (const { method, path, op } of operations()) {
      // Fastify checks the body before the query string, so a query is tried alone only where no body is due.
      const urls = [
        ...paramsIn(op, "path").map((name) => fill(path, name, "%00", op)),
        ...(hasBody(op)
          ? []
          : paramsIn(op, "query").map((name) => `${fill(path, "", "1", op)}?${name}=a%00b`)),
      ];
      const requests: Array<[string, unknown]> = urls.map((url) => [url, undefined]);
      const body = op.requestBody?.content?.["application/json"]?.schema;
      for (const [name, property] of Object.entries(body?.properties ?? {})) {
        const value = withNul(property);
        if (value !== undefined) requests.push([fill(path, "", "1", op), { [name]: value }]);
      }
      for (const [url, payload] of requests) {
        tried++;
        const bearer = path === "/api/cluster/register/trial" ? trialLicence : engineer;
        const res = await call(method, url, payload, bearer);
        const where = `${method} ${url} ${JSON.stringify(payload) ?? ""}`;
        expect({ where, status: res.statusCode, error: res.json().error }).toEqual({
          where,
          status: 400,
          error: NUL_REFUSED,
        });
      }
    }
    expect(tried).toBeGreaterThan(30);
  });

  it("every id in a JSON body refuses 2147483648 with a 400", async () => {
    let tried = 0;
    for (const { method, path, op } of operations()) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      for (const [name, property] of Object.entries(body?.properties ?? {})) {
        if (property.type !== "integer" || property.maximum !== 2147483647) continue;
        tried++;
        const res = await call(method, fill(path, "", "1", op), { [name]: 2147483648 });
        expect({ route: `${method} ${path}`, status: res.statusCode }).toEqual({
          route: `${method} ${path}`,
          status: 400,
        });
      }
    }
    // At least account_id of update-organization-name and of signup/init.
    expect(tried).toBeGreaterThanOrEqual(2);
  });
});

describe("the cases of the report, each a 400 with its reason", () => {
  const idError = (name: string, code?: number) => ({
    error: `${name} must be a whole number from 1 to 2147483647`,
    status: 400,
    ...(code === undefined ? {} : { code }),
  });

  it("accountsinfo/2147483648", async () => {
    const res = await call("GET", "/api/auth/accountsinfo/2147483648");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(idError("id"));
  });

  it("a thumbnail of user 2147483648", async () => {
    const res = await call("GET", "/api/chat/user/2147483648/thumbnail");
    expect(res.json()).toEqual(idError("id"));
  });

  it.each(["/api/auth/accountsinfo/2147483647", "/api/chat/user/2147483647/thumbnail"])(
    "%s, the largest id, is simply not found",
    async (url) => {
      expect((await call("GET", url)).statusCode).toBe(404);
    },
  );

  it("invite 2147483648, and nothing is deleted", async () => {
    const res = await call(
      "DELETE",
      `/api/auth/invites/2147483648?aid=${account.id}`,
      undefined,
      owner.authorization,
    );
    expect(res.json()).toEqual(idError("id"));
  });

  it("account_id 2147483648 when renaming, and the name is unchanged", async () => {
    const res = await call(
      "POST",
      "/api/auth/update-organization-name",
      { account_id: 2147483648, name: "renamed-org" },
      owner.authorization,
    );
    expect(res.json()).toEqual(idError("account_id"));
  });

  it("account_id 2147483648 when inviting, and no invitation is sent", async () => {
    const res = await call(
      "POST",
      "/api/auth/signup/init",
      { users: ["friend@example.com"], account_id: 2147483648 },
      owner.authorization,
    );
    expect(res.json()).toEqual(idError("account_id"));
  });

  it.each(["/api/chat/user", "/api/auth/account-users"])(
    "an engineer's aid of 2147483648 on %s (2001 is that call's alert code)",
    async (url) => {
      const res = await call("GET", `${url}?aid=2147483648`);
      expect(res.json()).toEqual(idError("aid", 2001));
    },
  );

  it("an engineer's aid of 2147483647, the largest, is simply not found", async () => {
    const res = await call("GET", "/api/chat/user?aid=2147483647");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Account not found", status: 404, code: 2001 });
  });

  it.each([
    ["username at sign-in", "/api/auth/login", { username: "ada\u0000@example.com", password: "x" }],
    ["email of a forgotten password", "/api/auth/forgot-password", { email: "ada@example.com\u0000" }],
    ["a key of the body", "/api/auth/login", { username: "ada@example.com", password: "x", "k\u0000": 1 }],
  ])("NUL in the %s", async (_label, url, payload) => {
    const res = await t.app.inject({ method: "POST", url, payload, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: NUL_REFUSED, status: 400 });
  });

  it("NUL in the search text q", async () => {
    const res = await call("GET", "/api/auth/accountsinfo?q=acme%00");
    expect(res.json()).toEqual({ error: NUL_REFUSED, status: 400, code: 4001 });
  });

  it("a page number far beyond the last page is an empty page, not a 500", async () => {
    const res = await call("GET", "/api/auth/accountsinfo?page=9007199254740991&page_size=200");
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
    expect((await call("GET", "/api/auth/accountsinfo?page=1e400")).statusCode).toBe(400);
  });
});

describe("POST /api/chat/profile (multipart)", () => {
  const nameOf = async (userId: number) =>
    (await t.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name;

  const post = (payload: Buffer | string, contentType: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/chat/profile",
      payload,
      headers: { authorization: owner.authorization, "content-type": contentType },
    });

  it.each([
    ["NUL in profile_name", { profile_name: "Ada\u0000Lovelace" }, NUL_REFUSED],
    ["NUL in a field name", { profile_name: "Ada", "x\u0000": "1" }, NUL_REFUSED],
    ["a name of zero-width spaces", { profile_name: "\u200b\u200b\u200b" }, "Name is required"],
    ["a name of bidi marks and a BOM", { profile_name: "\u200e\u202e\ufeff" }, "Name is required"],
    ["a name of control characters", { profile_name: "\u0007\u001b" }, "Name is required"],
    [
      "expertise_category_id 2147483648",
      { profile_name: "Ada", expertise_category_id: "2147483648" },
      "expertise_category_id must be a whole number from 1 to 2147483647",
    ],
  ])("%s: 400 and the profile is unchanged", async (_label, fields, message) => {
    const body = await multipart(fields);
    const res = await post(body.payload, body.headers["content-type"]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    expect(await nameOf(owner.id)).toBe("Owner Name");
  });

  const boundary = "----portico-test";
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it.each<[string, string, string]>([
    ["no boundary", "multipart/form-data", field("profile_name", "Ada")],
    ["a body that is not a form", `multipart/form-data; boundary=${boundary}`, "hello, world"],
    [
      "a body cut off inside a part",
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="profile_name"\r\n\r\nAda`,
    ],
    [
      "a part header that never ends",
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="profile_name"`,
    ],
  ])("a malformed body (%s): 400 and the profile is unchanged", async (_label, contentType, body) => {
    const res = await post(body, contentType);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The form data could not be read", status: 400 });
    expect(await nameOf(owner.id)).toBe("Owner Name");
  });

  it("more fields than the form allows: 413", async () => {
    const fields = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, "x"]));
    const body = await multipart({ profile_name: "Ada", ...fields });
    const res = await post(body.payload, body.headers["content-type"]);
    expect(res.statusCode).toBe(413);
    expect(await nameOf(owner.id)).toBe("Owner Name");
  });

  it("a well-formed form still works", async () => {
    const body = await multipart({ profile_name: "Ada \u200dLovelace" });
    const res = await post(body.payload, body.headers["content-type"]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile_name: "Ada \u200dLovelace" });
    await t.db.update(users).set({ name: "Owner Name" }).where(eq(users.id, owner.id));
  });
});

describe("names made of invisible characters at sign-up", () => {
  it.each(["\u200b", "\u200c\u200d", "\u2060\ufeff", "\u0001\u0002"])(
    "refuses %j with Name is required",
    async (name) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        remoteAddress: randomIp(),
        payload: {
          email: "new@example.com",
          token: "t",
          name,
          password: "Sturdy-pass-9!",
          consent_received: true,
          country_code: "FR",
          timezone: "Europe/Paris",
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Name is required", status: 400 });
    },
  );
});
