/**
 * A server killed (SIGKILL) in the middle of an upload, restarted on the same DATA_DIR: the client
 * asks where the upload got to, sends the rest, and the stored bytes are the source's.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, expect, it } from "vitest";
import { encodeMetadata, sha256 } from "./files-test-kit";

const repo = path.resolve(import.meta.dirname, "../../../../..");
const main = path.join(repo, "apps", "server", "src", "main.ts");
const dataDir = mkdtempSync(path.join(tmpdir(), "portico-restart-"));
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function start(port: number): Promise<ChildProcess> {
  const { DATABASE_URL: _pg, ...env } = process.env;
  for (let attempt = 0; attempt < 60; attempt++) {
    // One process (node with tsx's loader), so SIGKILL kills the server itself, not a wrapper.
    const child = spawn(process.execPath, ["--import", "tsx", main], {
      cwd: path.join(repo, "apps", "server"),
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", DEPLOY_ENV: "development" },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    for (let i = 0; i < 200; i++) {
      const up = await fetch(`http://127.0.0.1:${port}/api/maintenance/status`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return child;
      // The killed server's lock on DATA_DIR goes stale after a few seconds: try again then.
      if (await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 250))]))
        break;
    }
    child.kill("SIGKILL");
  }
  throw new Error("the server did not start");
}

const call = (
  port: number,
  token: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: Readable,
) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>(
    (resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method,
          path: url,
          headers: { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0", ...headers },
        },
        (res) => {
          let text = "";
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        },
      );
      req.on("error", reject);
      if (body) body.pipe(req);
      else req.end();
    },
  );

it("resumes an upload after the server was killed mid-way and stores exactly the source's bytes", async () => {
  const source = randomBytes(8 * 1024 * 1024);
  const port = await freePort();
  server = await start(port);
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin@portico.example", password: "Admin-pass-1!" }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const created = await call(port, token, "POST", "/api/uploads", {
    "upload-length": String(source.length),
    "upload-metadata": encodeMetadata({ filename: "bundle.tgz", account_id: "1", file_type: "inspect" }),
  });
  expect(created.status).toBe(201);
  const location = String(created.headers.location);
  const uuid = location.split("/").pop() ?? "";
  const stored = path.join(dataDir, "files", uuid);

  // One PATCH with the whole file, sent slowly: 3 MiB, then a pause during which the server dies.
  const body = new Readable({ read() {} });
  const patching = call(
    port,
    token,
    "PATCH",
    location,
    {
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
      "content-length": String(source.length),
    },
    body,
  ).catch(() => undefined);
  for (let sent = 0; sent < 3 * 1024 * 1024; sent += 256 * 1024)
    body.push(source.subarray(sent, sent + 256 * 1024));
  while (statSync(stored).size < 2 * 1024 * 1024) await new Promise((r) => setTimeout(r, 50));
  server.kill("SIGKILL");
  await patching;
  body.destroy();

  server = await start(port);
  const head = await call(port, token, "HEAD", location, {});
  expect(head.status).toBe(200);
  const offset = Number(head.headers["upload-offset"]);
  expect(offset).toBeGreaterThanOrEqual(2 * 1024 * 1024);
  expect(offset).toBeLessThan(source.length);
  const rest = await call(
    port,
    token,
    "PATCH",
    location,
    { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
    Readable.from([source.subarray(offset)]),
  );
  expect(rest.status).toBe(204);

  let url: { status: number; text: string } = { status: 0, text: "" };
  for (let i = 0; i < 100; i++) {
    url = await call(port, token, "GET", `/api/accounts/1/files/${uuid}/url`, {});
    if (url.status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(url.status).toBe(200);
  const download = await fetch(`http://127.0.0.1:${port}${(JSON.parse(url.text) as { url: string }).url}`);
  expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(source));
}, 180_000);
