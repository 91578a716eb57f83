/**
 * POST /api/chat/issue/:id/summarize through the real app: against a fake OpenAI-compatible
 * server on 127.0.0.1 (LLM_BASE_URL), and offline with the built-in summarizer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SUMMARY_MESSAGES } from "@portico/shared/schemas/summaries";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, createUser, signIn, type TestContext } from "../../test/helper";
import { type Cast, call, createCast, openIssue, post } from "../conversations/test-fixtures";

const NOTE = "Internal: the customer runs an unsupported firmware build ZX-99 on the replication controller.";
const ANSWER = "The customer sees replication lag.\n\nEngineers raised the bandwidth limit.";

/** What the fake model does with the next requests. */
type Mode = "answer" | "hang" | "http500" | "garbage" | "no-choices" | "empty-content" | "not-completion";

let server: Server;
let base = "";
let mode: Mode = "answer";
let requests: {
  authorization: string;
  body: { model: string; messages: { role: string; content: string }[] };
}[] = [];

function completion(choices: object[]) {
  return { id: "chatcmpl-1", object: "chat.completion", created: 1, model: "test-model", choices };
}

async function answer(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  requests.push({
    authorization: req.headers.authorization ?? "",
    body: JSON.parse(Buffer.concat(chunks).toString()),
  });
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  if (req.url !== "/v1/chat/completions") return json(404, { error: { message: "no such route" } });
  switch (mode) {
    case "hang":
      return; // never answers
    case "http500":
      return json(500, { error: { message: "model crashed: secret stack trace" } });
    case "garbage":
      return json(200, "{ this is not json");
    case "no-choices":
      return json(200, completion([]));
    case "empty-content":
      return json(
        200,
        completion([{ index: 0, message: { role: "assistant", content: "" }, finish_reason: "stop" }]),
      );
    case "not-completion":
      return json(200, { hello: "world" });
    default:
      return json(
        200,
        completion([{ index: 0, message: { role: "assistant", content: ANSWER }, finish_reason: "stop" }]),
      );
  }
}

beforeAll(async () => {
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  mode = "answer";
  requests = [];
});

/** An issue of organization A: the owner's opening message, an engineer's answer and a note. */
async function conversation(t: TestContext, cast: Cast) {
  const n = await openIssue(
    t.app,
    cast.ownerA,
    cast.orgA.id,
    "Replication lag on prod-eu",
    "Replication to the DR site lags by 6 hours since the upgrade to v5.2.",
  );
  await post(
    t.app,
    cast.engineer,
    n,
    "The WAN link was throttled to 10 Mbit/s; we raised the limit to 500 Mbit/s.",
  );
  const note = await call(t.app, cast.engineer, "POST", `/api/chat/issue/${n}/notes`, { body: NOTE });
  expect(note.status).toBe(201);
  return n;
}

const summarize = (t: TestContext, authorization: string, n: number, query = "") =>
  call(t.app, authorization, "POST", `/api/chat/issue/${n}/summarize${query}`);

describe("with an OpenAI-compatible model (LLM_BASE_URL)", () => {
  let t: TestContext;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp({
      LLM_BASE_URL: `${base}/v1`,
      LLM_API_KEY: "sk-test",
      LLM_MODEL: "test-model",
      LLM_TIMEOUT_MS: "300",
    });
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  it("asks the model with the title and the messages, and an engineer's prompt carries the notes marked internal", async () => {
    const n = await conversation(t, cast);
    const res = await summarize(t, cast.engineer, n);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      issue_number: n,
      summary: ANSWER,
      source: "llm",
      model: "test-model",
      last_message_index: 2,
      generated_at: expect.any(String),
      cached: false,
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.authorization).toBe("Bearer sk-test");
    expect(request?.body.model).toBe("test-model");
    const system = request?.body.messages[0]?.content ?? "";
    expect(system).toContain("two short paragraphs");
    const prompt = request?.body.messages[1]?.content ?? "";
    expect(prompt).toContain("Replication lag on prod-eu");
    expect(prompt).toContain("customer Olga Owner: Replication to the DR site lags by 6 hours");
    expect(prompt).toContain("engineer Erin Engineer: The WAN link was throttled");
    expect(prompt).toMatch(
      /INTERNAL NOTES \(engineers only[^\n]*\n- Erin Engineer: Internal: the customer runs/,
    );
  });

  it("never sends a note to the model for a customer's summary", async () => {
    const n = await conversation(t, cast);
    const res = await summarize(t, cast.userA, n);
    expect(res.body).toMatchObject({ source: "llm", cached: false });
    const prompt = JSON.stringify(requests.map((r) => r.body));
    expect(prompt).toContain("The WAN link was throttled");
    expect(prompt).not.toContain("ZX-99");
    expect(prompt).not.toContain("INTERNAL");
  });

  it("serves the same summary again until a new message, per audience", async () => {
    const n = await conversation(t, cast);
    const first = await summarize(t, cast.engineer, n);
    const again = await summarize(t, cast.engineer, n);
    expect(again.body).toEqual({ ...first.body, cached: true });
    expect(requests).toHaveLength(1);
    // A customer's summary is another one: it does not reuse the engineer's (notes).
    expect((await summarize(t, cast.ownerA, n)).body).toMatchObject({ cached: false });
    expect(requests).toHaveLength(2);
    expect((await summarize(t, cast.userA, n)).body).toMatchObject({ cached: true });

    await post(t.app, cast.ownerA, n, "It is fine now, thank you.");
    const fresh = await summarize(t, cast.engineer, n);
    expect(fresh.body).toMatchObject({ cached: false, last_message_index: 3 });
    expect(requests).toHaveLength(3);
  });

  it.each([
    ["hangs past LLM_TIMEOUT_MS", "hang", 504, SUMMARY_MESSAGES.timeout],
    ["answers HTTP 500", "http500", 502, SUMMARY_MESSAGES.failed("it answered HTTP 500")],
    ["answers garbage", "garbage", 502, SUMMARY_MESSAGES.failed("the answer could not be read")],
    ["answers no choice", "no-choices", 502, SUMMARY_MESSAGES.failed("the answer was empty")],
    ["answers an empty text", "empty-content", 502, SUMMARY_MESSAGES.failed("the answer was empty")],
    [
      "answers something else",
      "not-completion",
      502,
      SUMMARY_MESSAGES.failed("the answer was not a chat completion"),
    ],
  ] as [string, Mode, number, string][])(
    "when the model %s (%s), answers %i with a clear message and caches nothing",
    async (_label, failing, status, error) => {
      const n = await conversation(t, cast);
      mode = failing;
      const started = Date.now();
      const res = await summarize(t, cast.engineer, n);
      expect(res.body).toEqual({ error, status });
      expect(Date.now() - started).toBeLessThan(5000);
      mode = "answer";
      expect((await summarize(t, cast.engineer, n)).body).toMatchObject({ summary: ANSWER, cached: false });
    },
  );
});

describe("offline, with the built-in summarizer", () => {
  let t: TestContext;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(() => t.close());

  it("summarizes in two paragraphs, labelled built-in; only an engineer's reads the notes", async () => {
    const n = await conversation(t, cast);
    const engineer = await summarize(t, cast.engineer, n);
    expect(engineer.body).toMatchObject({
      source: "built-in",
      model: null,
      last_message_index: 2,
      cached: false,
    });
    const [problem, work] = (engineer.body.summary as string).split("\n\n");
    expect(problem).toBe("Replication to the DR site lags by 6 hours since the upgrade to v5.2.");
    expect(work).toContain("we raised the limit to 500 Mbit/s");
    expect(work).toContain("ZX-99");

    for (const customer of [cast.ownerA, cast.userA]) {
      const res = await summarize(t, customer, n);
      expect(res.body).toMatchObject({ source: "built-in", model: null });
      expect(res.raw).not.toContain("ZX-99");
      expect(res.raw).toContain("we raised the limit to 500 Mbit/s");
    }
    expect(requests).toHaveLength(0);
  });

  it("writes again after a message is edited or deleted, so removed text does not live on", async () => {
    const n = await conversation(t, cast);
    await post(t.app, cast.ownerA, n, "Our admin password is hunter2 by the way.");
    expect((await summarize(t, cast.ownerA, n)).raw).toContain("hunter2");
    expect((await call(t.app, cast.ownerA, "DELETE", `/api/chat/issue/${n}/message/3`)).status).toBe(200);
    const after = await summarize(t, cast.ownerA, n);
    expect(after.body).toMatchObject({ cached: false });
    expect(after.raw).not.toContain("hunter2");

    await summarize(t, cast.ownerA, n);
    const edited = await call(t.app, cast.ownerA, "PUT", `/api/chat/issue/${n}/message/1`, {
      body: "Replication to the DR site stopped completely on Monday.",
    });
    expect(edited.status).toBe(200);
    const rewritten = await summarize(t, cast.ownerA, n);
    expect(rewritten.body).toMatchObject({ cached: false });
    expect(rewritten.raw).toContain("stopped completely on Monday");
  });

  it("writes an engineer's again after a new note", async () => {
    const n = await conversation(t, cast);
    await summarize(t, cast.engineer, n);
    await call(t.app, cast.engineer, "POST", `/api/chat/issue/${n}/notes`, {
      body: "Second note: escalate to L3 team.",
    });
    expect((await summarize(t, cast.engineer, n)).body).toMatchObject({ cached: false });
    expect((await summarize(t, cast.engineer, n)).body).toMatchObject({ cached: true });
  });

  it("refuses an issue with fewer than 2 messages (400)", async () => {
    const n = await openIssue(t.app, cast.ownerA, cast.orgA.id, "Just opened", "Something is wrong.");
    expect((await summarize(t, cast.ownerA, n)).body).toEqual({
      error: SUMMARY_MESSAGES.tooShort,
      status: 400,
    });
  });

  it("does not reach another account's issue (404), nor through another organization's aid (403)", async () => {
    const n = await conversation(t, cast);
    expect((await summarize(t, cast.ownerB, n)).body).toEqual({ error: "Issue not found", status: 404 });
    expect((await summarize(t, cast.ownerB, n, `?aid=${cast.orgA.id}`)).status).toBe(403);
    expect((await summarize(t, cast.engineer, n, `?aid=${cast.orgB.id}`)).body).toEqual({
      error: "Issue not found",
      status: 404,
    });
    expect((await summarize(t, cast.ownerB, 999_999)).status).toBe(404);
  });

  it("limits summaries per user (429), whatever the issue", async () => {
    const n = await conversation(t, cast);
    const user = await createUser(t.db, { accountId: cast.orgA.id, role: "user" });
    const { authorization } = await signIn(t.app, user);
    for (let i = 0; i < 30; i++) expect((await summarize(t, authorization, n)).status).toBe(200);
    const refused = await summarize(t, authorization, n);
    expect(refused.status).toBe(429);
    expect((await summarize(t, cast.ownerA, n)).status).toBe(200);
  });
});
