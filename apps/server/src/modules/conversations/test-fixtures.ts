/** Calls of the conversations API shared by its test files (through the real app). */
import type { App } from "../../app";
import type { Frame } from "./chat-test-client";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export async function call(app: App, authorization: string, method: Method, url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: res.json() as Frame, raw: res.body };
}

/** Opens an issue and returns its number; fails the test on anything but 201. */
export async function openIssue(
  app: App,
  authorization: string,
  accountId: number,
  title = "Cluster degraded",
  message = "Node 3 is down",
): Promise<number> {
  const res = await call(app, authorization, "POST", "/api/chat/issue", { title, accountId, message });
  if (res.status !== 201) throw new Error(`open issue: ${res.status} ${res.raw}`);
  return res.body.conversation.issue.issue_number as number;
}

export async function post(app: App, authorization: string, issueNumber: number, body: string) {
  const res = await call(app, authorization, "POST", `/api/chat/issue/${issueNumber}`, { body });
  if (res.status !== 201) throw new Error(`post: ${res.status} ${res.raw}`);
  return res.body.message as Frame;
}
