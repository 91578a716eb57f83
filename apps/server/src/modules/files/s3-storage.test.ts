/** The S3 path end to end against a local S3-compatible server (s3rver) started here. */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { S3 } from "@aws-sdk/client-s3";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/helper";
import {
  type Cast,
  createCast,
  createFilesApp,
  type FilesTestContext,
  sha256,
  tusUpload,
  uuidOf,
} from "./files-test-kit";

const BUCKET = "portico-files";
let s3dir: string;
let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let endpoint: string;
let t: FilesTestContext;
let cast: Cast;
let client: S3;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), "portico-s3rver-"));
  s3server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  (s3server as unknown as { middleware: unknown[] }).middleware.unshift(multipartListing);
  const { port } = await s3server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const credentials = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };
  t = await createFilesApp({ S3_ENDPOINT: endpoint, S3_BUCKET: BUCKET, ...credentials });
  cast = await createCast(t);
  client = new S3({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
});
afterAll(async () => {
  await t.close();
  await s3server.close();
  rmSync(s3dir, { recursive: true, force: true });
});

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  type: string;
  body: unknown;
  store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
}

/**
 * s3rver answers multipart uploads (create, upload part, complete) but not ListParts nor
 * AbortMultipartUpload, which tus's S3 store uses to find an upload's offset and to cancel it;
 * these two calls are answered here from s3rver's own part files, as S3 would.
 */
async function multipartListing(ctx: KoaContext, next: () => Promise<void>) {
  const uploadId = ctx.query.uploadId;
  const [, bucket, ...key] = ctx.path.split("/");
  if (!uploadId || !bucket || (ctx.method !== "GET" && ctx.method !== "DELETE")) return next();
  const dir = path.join(ctx.store.getResourcePath(bucket, undefined, "uploads"), uploadId);
  if (!existsSync(dir)) {
    ctx.status = 404;
    ctx.type = "application/xml";
    ctx.body =
      "<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>";
    return;
  }
  if (ctx.method === "DELETE") {
    rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
    return;
  }
  const parts = readdirSync(dir)
    .filter((f) => /^\d+$/.test(f))
    .map(Number)
    .sort((a, b) => a - b)
    .map(
      (n) =>
        `<Part><PartNumber>${n}</PartNumber><ETag>"${readFileSync(path.join(dir, `${n}.md5`), "utf8")}"</ETag><Size>${statSync(path.join(dir, String(n))).size}</Size></Part>`,
    );
  ctx.status = 200;
  ctx.type = "application/xml";
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key.join("/")}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`;
}

const objectExists = (key: string) =>
  client.headObject({ Bucket: BUCKET, Key: key }).then(
    () => true,
    () => false,
  );

async function download(uuid: string, range?: string) {
  const signed = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${cast.orgA.id}/files/${uuid}/url`,
    headers: { authorization: cast.ownerA },
  });
  const res = await fetch(`${t.baseUrl}${signed.json().url}`, range ? { headers: { range } } : {});
  return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
}

describe("files in S3", () => {
  it("stores a tus upload in the bucket only once complete, scans it and serves it with ranges", async () => {
    const data = randomBytes(700 * 1024);
    let uuid = "";
    await tusUpload(t, cast.ownerA, data, {
      metadata: { filename: "bundle.tgz", account_id: String(cast.orgA.id), file_type: "inspect" },
      chunkSize: 256 * 1024,
    }).then((url) => {
      uuid = uuidOf(url);
    });
    expect(uuid).not.toBe("");
    expect(await objectExists(uuid)).toBe(true);
    await t.app.files.scans.flush();
    const whole = await download(uuid);
    expect(whole.status).toBe(200);
    expect(sha256(whole.data)).toBe(sha256(data));
    const part = await download(uuid, "bytes=1000-1999");
    expect(part.status).toBe(206);
    expect(part.data.equals(data.subarray(1000, 2000))).toBe(true);
  });

  it("keeps an unfinished upload out of the bucket's objects", async () => {
    const res = await fetch(`${t.baseUrl}/api/uploads`, {
      method: "POST",
      headers: {
        authorization: cast.ownerA,
        "tus-resumable": "1.0.0",
        "upload-length": "1000",
        "upload-metadata": `filename ${Buffer.from("a.bin").toString("base64")},account_id ${Buffer.from(String(cast.orgA.id)).toString("base64")},file_type ${Buffer.from("inspect").toString("base64")}`,
      },
    });
    expect(res.status).toBe(201);
    const uuid = uuidOf(res.headers.get("location") ?? "");
    const patch = await fetch(`${t.baseUrl}/api/uploads/${uuid}`, {
      method: "PATCH",
      headers: {
        authorization: cast.ownerA,
        "tus-resumable": "1.0.0",
        "upload-offset": "0",
        "content-type": "application/offset+octet-stream",
      },
      body: randomBytes(400),
    });
    expect(patch.status).toBe(204);
    expect(await objectExists(uuid)).toBe(false);
  });

  it("stores a multipart upload in the bucket and deletes it with the file", async () => {
    const data = randomBytes(50_000);
    const form = await multipart(
      { file_type: "perf_result" },
      { name: "file", filename: "perf.json", type: "application/json", data },
    );
    const res = await t.app.inject({
      method: "POST",
      url: `/api/accounts/${cast.orgA.id}/files`,
      payload: form.payload,
      headers: { ...form.headers, authorization: cast.ownerA },
    });
    expect(res.statusCode).toBe(201);
    const { uuid } = res.json();
    await t.app.files.scans.flush();
    expect(sha256((await download(uuid)).data)).toBe(sha256(data));
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/accounts/${cast.orgA.id}/files/${uuid}`,
      headers: { authorization: cast.ownerA },
    });
    expect(del.statusCode).toBe(204);
    await t.app.ctx.jobs.flush();
    expect(await objectExists(uuid)).toBe(false);
  });
});
