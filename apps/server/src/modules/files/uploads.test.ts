import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Cast,
  createCast,
  createFilesApp,
  encodeMetadata,
  type FilesTestContext,
  sha256,
  tusCall,
  tusUpload,
  uuidOf,
} from "./files-test-kit";

const MAX = 4 * 1024 * 1024;
let t: FilesTestContext;
let cast: Cast;
beforeAll(async () => {
  t = await createFilesApp({ FILES_MAX_BYTES: String(MAX), FILES_QUOTA_BYTES: String(6 * 1024 * 1024) });
  cast = await createCast(t);
});
afterAll(() => t.close());

const meta = (over: Record<string, string> = {}) => ({
  filename: "report.bin",
  filetype: "application/octet-stream",
  account_id: String(cast.orgA.id),
  file_type: "health_report",
  ...over,
});

async function listed(authorization: string, accountId: number) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/files`,
    headers: { authorization },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const fileIn = async (uuid: string) =>
  (await listed(cast.ownerA, cast.orgA.id)).items.find((f: { uuid: string }) => f.uuid === uuid);

/** Creates an upload with raw tus; resolves with its path. */
async function create(authorization: string, length: number, metadata = meta()) {
  const res = await tusCall(t, authorization, "POST", "/api/uploads", {
    "upload-length": String(length),
    "upload-metadata": encodeMetadata(metadata),
  });
  return res;
}
async function created(length: number, metadata = meta(), authorization = cast.ownerA) {
  const res = await create(authorization, length, metadata);
  expect(res.status).toBe(201);
  return res.headers.get("location") ?? "";
}
const patch = (
  url: string,
  offset: number,
  body: Buffer,
  headers: Record<string, string> = {},
  authorization = cast.ownerA,
) =>
  tusCall(
    t,
    authorization,
    "PATCH",
    url,
    { "upload-offset": String(offset), "content-type": "application/offset+octet-stream", ...headers },
    body,
  );
const bodyOf = async (res: Response) =>
  (await res.json()) as { error: string; status: number; code?: number };
const offsetOf = async (url: string) =>
  Number((await tusCall(t, cast.ownerA, "HEAD", url)).headers.get("upload-offset"));

async function downloaded(uuid: string) {
  const signed = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${cast.orgA.id}/files/${uuid}/url`,
    headers: { authorization: cast.ownerA },
  });
  expect(signed.statusCode).toBe(200);
  const res = await fetch(`${t.baseUrl}${signed.json().url}`);
  return Buffer.from(await res.arrayBuffer());
}

describe("tus uploads", () => {
  it("uploads in chunks with tus-js-client, completes, scans OK, and serves the same bytes", async () => {
    const data = randomBytes(300 * 1024);
    const uuid = uuidOf(await tusUpload(t, cast.ownerA, data, { metadata: meta() }));
    expect((await fileIn(uuid)).scan_status).toBe("SCAN_STARTED");
    await t.app.files.scans.flush();
    expect(await fileIn(uuid)).toMatchObject({
      filename: "report.bin",
      size: data.length,
      offset: data.length,
      complete: true,
      scan_status: "OK",
      file_type: "health_report",
      uploaded_by: { name: "Olga Owner" },
    });
    expect(sha256(await downloaded(uuid))).toBe(sha256(data));
  });

  it("resumes after a dropped connection from where the server got to", async () => {
    const data = randomBytes(512 * 1024);
    let url = "";
    // The first client goes away after two chunks (an outage); a new one resumes by the URL.
    await new Promise<void>((resolve, reject) => {
      let chunks = 0;
      const upload = new tus.Upload(data, {
        endpoint: `${t.baseUrl}/api/uploads`,
        headers: { authorization: cast.ownerA },
        metadata: meta({ filename: "bundle.tgz", file_type: "inspect" }),
        chunkSize: 64 * 1024,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onError: reject,
        onChunkComplete: () => {
          chunks += 1;
          if (chunks === 2) {
            url = upload.url ?? "";
            void upload.abort().then(() => resolve());
          }
        },
      });
      upload.start();
    });
    const uuid = uuidOf(url);
    const half = await fileIn(uuid);
    expect(half).toMatchObject({ complete: false, scan_status: null, offset: 128 * 1024, size: data.length });
    let resumedFrom = -1;
    await tusUpload(t, cast.ownerA, data, {
      metadata: {},
      uploadUrl: url,
      onProgress: (sent) => {
        if (resumedFrom < 0) resumedFrom = sent;
      },
    });
    expect(resumedFrom).toBeGreaterThanOrEqual(128 * 1024);
    await t.app.files.scans.flush();
    expect(sha256(await downloaded(uuid))).toBe(sha256(data));
  });

  it("answers a wrong Upload-Offset with 409 and keeps the bytes", async () => {
    const url = await created(100);
    expect((await patch(url, 0, Buffer.alloc(40, 1))).status).toBe(204);
    const res = await patch(url, 10, Buffer.alloc(10, 2));
    expect(res.status).toBe(409);
    expect(await bodyOf(res)).toEqual({
      error: "Error while uploading file : Upload-Offset does not match the bytes received",
      status: 409,
      code: 3001,
    });
    expect(await offsetOf(url)).toBe(40);
  });

  it("verifies Upload-Checksum: a mismatch answers 460 and discards the chunk", async () => {
    const url = await created(64);
    const chunk = randomBytes(32);
    const sha1 = (b: Buffer) => createHash("sha1").update(b).digest("base64");
    const bad = await patch(url, 0, chunk, { "upload-checksum": `sha1 ${sha1(randomBytes(32))}` });
    expect(bad.status).toBe(460);
    expect((await bodyOf(bad)).error).toBe("Error while uploading file : Checksum mismatch");
    expect(await offsetOf(url)).toBe(0);
    expect((await patch(url, 0, chunk, { "upload-checksum": `sha1 ${sha1(chunk)}` })).status).toBe(204);
    expect(await offsetOf(url)).toBe(32);
    const unsupported = await patch(url, 32, chunk, { "upload-checksum": `crc32 ${sha1(chunk)}` });
    expect(unsupported.status).toBe(400);
    expect((await bodyOf(unsupported)).code).toBe(1009);
    const options = await tusCall(t, cast.ownerA, "OPTIONS", "/api/uploads");
    expect(options.headers.get("tus-extension")?.split(",")).toContain("checksum");
  });

  it("never stores more than the announced length, whatever Content-Length says", async () => {
    const url = await created(50);
    const res = await patch(url, 0, randomBytes(80));
    expect(res.status).toBe(413);
    expect((await bodyOf(res)).code).toBe(1007);
    expect(await offsetOf(url)).toBeLessThanOrEqual(50);
  });

  it("serialises two clients patching one upload: one wins, the other is refused, the bytes are one client's", async () => {
    const url = await created(1024 * 1024);
    const a = Buffer.alloc(1024 * 1024, 0xaa);
    const b = Buffer.alloc(1024 * 1024, 0xbb);
    const results = await Promise.allSettled([patch(url, 0, a), patch(url, 0, b)]);
    const statuses = results.map((r) => (r.status === "fulfilled" ? r.value.status : 0));
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    const offset = await offsetOf(url);
    expect(offset).toBe(1024 * 1024);
    await t.app.files.scans.flush();
    const bytes = await downloaded(uuidOf(url));
    expect(bytes.equals(a) || bytes.equals(b)).toBe(true);
  });

  it("cancels an upload (termination): its row and room are gone", async () => {
    const url = await created(1000);
    await patch(url, 0, randomBytes(100));
    expect((await tusCall(t, cast.ownerA, "DELETE", url)).status).toBe(204);
    expect(await fileIn(uuidOf(url))).toBeUndefined();
    expect((await tusCall(t, cast.ownerA, "HEAD", url)).status).toBe(404);
  });
});

describe("refused uploads change nothing", () => {
  it.each([
    ["an empty file", 0, {}, 400, 1007, "The file is empty"],
    ["a file over the limit", MAX + 1, {}, 413, 1007, "The file is larger than the limit"],
    ["a legal_doc without a title", 10, { file_type: "legal_doc" }, 400, 1009, "Document title is required."],
    [
      "an unknown type",
      10,
      { file_type: "exe" },
      400,
      1009,
      "file_type must be one of legal_doc, health_report, profile, perf_result, inspect, attachment",
    ],
    [
      "an attachment without an issue",
      10,
      { file_type: "attachment" },
      400,
      1009,
      "issue_number is required for an attachment",
    ],
    ["no file name", 10, { filename: "   " }, 400, 1009, "File name is required"],
  ])("%s", async (_label, length, over, status, code, reason) => {
    const before = (await listed(cast.ownerA, cast.orgA.id)).total;
    const res = await create(cast.ownerA, length, meta(over as Record<string, string>));
    expect(res.status).toBe(status);
    expect(await bodyOf(res)).toEqual({ error: `Error while uploading file : ${reason}`, status, code });
    expect((await listed(cast.ownerA, cast.orgA.id)).total).toBe(before);
  });

  it("refuses a deferred length (the quota needs it up front)", async () => {
    const res = await tusCall(t, cast.ownerA, "POST", "/api/uploads", {
      "upload-defer-length": "1",
      "upload-metadata": encodeMetadata(meta()),
    });
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).code).toBe(1007);
  });

  it("refuses an upload past the account's quota (1005), counting unfinished uploads", async () => {
    const org = await createCast(t);
    const metaB = { ...meta(), account_id: String(org.orgA.id) };
    expect((await create(org.ownerA, 3 * 1024 * 1024, metaB)).status).toBe(201);
    expect((await create(org.ownerA, 3 * 1024 * 1024, metaB)).status).toBe(201);
    const res = await create(org.ownerA, 1024, metaB);
    expect(res.status).toBe(413);
    expect(await bodyOf(res)).toEqual({
      error: "Error while uploading file : The account's storage quota is full",
      status: 413,
      code: 1005,
    });
  });
});

describe("who may upload", () => {
  it("needs a token for every tus call (401 before any byte is read)", async () => {
    const url = await created(10);
    for (const [method, headers] of [
      ["POST", { "upload-length": "10", "upload-metadata": encodeMetadata(meta()) }],
      ["PATCH", { "upload-offset": "0", "content-type": "application/offset+octet-stream" }],
      ["HEAD", {}],
      ["DELETE", {}],
    ] as const) {
      const res = await tusCall(t, undefined, method, method === "POST" ? "/api/uploads" : url, headers);
      expect(res.status).toBe(401);
    }
    expect(await offsetOf(url)).toBe(0);
  });

  it("refuses an upload into another account, and another account's upload is not found", async () => {
    const res = await create(cast.ownerB, 10);
    expect(res.status).toBe(404);
    expect(await bodyOf(res)).toEqual({
      error: "Error while uploading file : Account not found",
      status: 404,
      code: 1009,
    });
    const url = await created(10);
    expect((await patch(url, 0, Buffer.alloc(10), {}, cast.ownerB)).status).toBe(404);
    expect((await tusCall(t, cast.ownerB, "HEAD", url)).status).toBe(404);
    expect((await tusCall(t, cast.ownerB, "DELETE", url)).status).toBe(404);
    // A colleague in the same account does not continue someone else's upload either.
    expect((await patch(url, 0, Buffer.alloc(10), {}, cast.userA)).status).toBe(404);
    expect(await offsetOf(url)).toBe(0);
  });

  it("lets an engineer upload into any account", async () => {
    const url = await created(5, meta(), cast.engineer);
    expect((await patch(url, 0, Buffer.from("hello"), {}, cast.engineer)).status).toBe(204);
    expect((await fileIn(uuidOf(url))).uploaded_by.name).toBe("Erin Engineer");
  });
});

describe("expiry of abandoned uploads", () => {
  it("answers 410 after the expiry and a durable job deletes the row and the bytes", async () => {
    const short = await createFilesApp({ FILES_UPLOAD_EXPIRY_HOURS: "0.0003" });
    try {
      const people = await createCast(short);
      const res = await tusCall(short, people.ownerA, "POST", "/api/uploads", {
        "upload-length": "100",
        "upload-metadata": encodeMetadata({ ...meta(), account_id: String(people.orgA.id) }),
      });
      const url = res.headers.get("location") ?? "";
      expect(res.headers.get("upload-expires")).not.toBeNull();
      await new Promise((r) => setTimeout(r, 1500));
      const late = await tusCall(
        short,
        people.ownerA,
        "PATCH",
        url,
        {
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
        },
        Buffer.alloc(10),
      );
      expect(late.status).toBe(410);
      await short.app.ctx.jobs.flush();
      expect((await tusCall(short, people.ownerA, "HEAD", url)).status).toBe(404);
      const bytes = path.join(short.dataDir, "files", uuidOf(url));
      expect(() => readFileSync(bytes)).toThrow();
    } finally {
      await short.close();
    }
  });
});
