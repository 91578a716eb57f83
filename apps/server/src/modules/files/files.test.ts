import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../test/helper";
import { insertCluster } from "../clusters/reports-test-kit";
import type { Frame } from "../conversations/chat-test-client";
import { call, openIssue } from "../conversations/test-fixtures";
import {
  type Cast,
  createCast,
  createFilesApp,
  encodeMetadata,
  type FilesTestContext,
  sha256,
  tusCall,
  zip,
} from "./files-test-kit";
import { BuiltinScanner } from "./scanning/builtin-scanner";
import { ClamdScanner } from "./scanning/clamd-scanner";
import { EICAR } from "./scanning/scanner";

let t: FilesTestContext;
let cast: Cast;
beforeAll(async () => {
  t = await createFilesApp();
  cast = await createCast(t);
});
afterAll(() => t.close());

type Json = Frame;
const inject = async (
  authorization: string | undefined,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as Json, res };
};

/** A 1×1 PNG (its bytes only need to sniff as PNG). */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from("IHDR"),
  Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
  deflateSync(Buffer.alloc(1)),
]);

/** Uploads with the multipart call (fields first) and lets the scanner run. */
async function upload(
  authorization: string,
  accountId: number,
  data: Buffer,
  fields: Record<string, string> = { file_type: "health_report" },
  filename = "report.txt",
) {
  const form = await multipart(fields, { name: "file", filename, type: "application/octet-stream", data });
  const res = await t.app.inject({
    method: "POST",
    url: `/api/accounts/${accountId}/files`,
    payload: form.payload,
    headers: { ...form.headers, authorization },
  });
  await t.app.files.scans.flush();
  return { status: res.statusCode, body: res.json() as Json };
}
const uploaded = async (...args: Parameters<typeof upload>) => {
  const res = await upload(...args);
  expect(res.status).toBe(201);
  return res.body;
};
const urlOf = (authorization: string, accountId: number, uuid: string, isView = false) =>
  inject(authorization, "GET", `/api/accounts/${accountId}/files/${uuid}/url?is_view=${isView}`);
const fetchSigned = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${t.baseUrl}${url}`, { headers });

describe("files of an account", () => {
  it("stores a multipart upload, lists it by type and page, with the account's usage", async () => {
    const org = await createCast(t);
    const a = await uploaded(org.ownerA, org.orgA.id, randomBytes(1000));
    const b = await uploaded(
      org.ownerA,
      org.orgA.id,
      randomBytes(500),
      { file_type: "legal_doc", title: "MSA 2026" },
      "msa.pdf",
    );
    expect(a).toMatchObject({
      file_type: "health_report",
      size: 1000,
      complete: true,
      scan_status: "SCAN_STARTED",
    });
    const all = await inject(org.ownerA, "GET", `/api/accounts/${org.orgA.id}/files?page_size=1`);
    expect(all.body).toMatchObject({
      total: 2,
      page: 1,
      page_size: 1,
      used_bytes: 1500,
      quota_bytes: 50 * 1024 ** 3,
    });
    expect(all.body.items.map((f: Json) => f.uuid)).toEqual([b.uuid]);
    const legal = await inject(org.userA, "GET", `/api/accounts/${org.orgA.id}/files?type=legal_doc`);
    expect(legal.body.items).toHaveLength(1);
    expect(legal.body.items[0]).toMatchObject({ title: "MSA 2026", filename: "msa.pdf", scan_status: "OK" });
    const bad = await inject(org.ownerA, "GET", `/api/accounts/${org.orgA.id}/files?type=exe`);
    expect(bad.status).toBe(400);
  });

  it("renames, changes the type and title; a legal_doc needs its title", async () => {
    const f = await uploaded(cast.ownerA, cast.orgA.id, randomBytes(10));
    const url = `/api/accounts/${cast.orgA.id}/files/${f.uuid}`;
    const noTitle = await inject(cast.ownerA, "PUT", url, { file_type: "legal_doc" });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error).toBe("Document title is required.");
    const ok = await inject(cast.ownerA, "PUT", url, {
      file_type: "legal_doc",
      title: "DPA",
      filename: "dpa.pdf",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ file_type: "legal_doc", title: "DPA", filename: "dpa.pdf" });
    expect((await inject(cast.ownerA, "PUT", url, { title: "  " })).body.error).toBe(
      "Document title is required.",
    );
    expect((await inject(cast.ownerA, "PUT", url, {})).body.error).toBe(
      "Give a new filename, file_type or title",
    );
  });

  it("keeps the original name for display and stores a sanitised one for downloads", async () => {
    const names = [
      ["../../etc/passwd", "passwd"],
      ["..\\..\\boot.ini", "boot.ini"],
      ["%2e%2e%2fsecret.txt", "secret.txt"],
      ["/abs/path/x.log", "x.log"],
      ['evil"\r\nSet-Cookie: a=b.txt', "evil_Set-Cookie_ a=b.txt"],
      ["résumé\u0000.pdf", "résumé.pdf"],
    ];
    for (const [original, stored] of names) {
      // Through tus: its metadata carries the name exactly as given (a form's file name loses its path).
      const created = await tusCall(t, cast.ownerA, "POST", "/api/uploads", {
        "upload-length": "20",
        "upload-metadata": encodeMetadata({
          filename: String(original),
          account_id: String(cast.orgA.id),
          file_type: "inspect",
        }),
      });
      const location = created.headers.get("location") ?? "";
      await tusCall(
        t,
        cast.ownerA,
        "PATCH",
        location,
        { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
        randomBytes(20),
      );
      await t.app.files.scans.flush();
      const f = { uuid: location.split("/").pop() ?? "" };
      const shown = (
        await inject(cast.ownerA, "GET", `/api/accounts/${cast.orgA.id}/files?page_size=100`)
      ).body.items.find((x: Json) => x.uuid === f.uuid);
      expect(shown.filename).toBe(String(original).replace(/[\p{Cc}]/gu, ""));
      const signed = await urlOf(cast.ownerA, cast.orgA.id, f.uuid);
      const res = await fetchSigned(signed.body.url);
      const disposition = res.headers.get("content-disposition") ?? "";
      expect(disposition.startsWith("attachment;")).toBe(true);
      expect(disposition).not.toMatch(/[\r\n]|\.\.|\//);
      expect(
        decodeURIComponent(
          disposition.split("filename*=UTF-8''")[1] ?? disposition.split('filename="')[1]?.slice(0, -1) ?? "",
        ),
      ).toBe(stored);
    }
  });

  it("serves HTTP ranges (206) and refuses ranges outside the file (416)", async () => {
    const data = randomBytes(1000);
    const f = await uploaded(cast.ownerA, cast.orgA.id, data);
    const { url } = (await urlOf(cast.ownerA, cast.orgA.id, f.uuid)).body;
    const part = await fetchSigned(url, { range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
    const tail = await fetchSigned(url, { range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(data.subarray(990))).toBe(true);
    const outside = await fetchSigned(url, { range: "bytes=5000-" });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe("bytes */1000");
    const whole = await fetchSigned(url);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(data));
  });

  it("shows images and PDF inline only when asked to view, and never SVG or HTML named .png", async () => {
    const png = await uploaded(cast.ownerA, cast.orgA.id, PNG, undefined, "shot.png");
    expect(
      (await inject(cast.ownerA, "GET", `/api/accounts/${cast.orgA.id}/files?page_size=100`)).body.items.find(
        (f: Json) => f.uuid === png.uuid,
      ).mime,
    ).toBe("image/png");
    const view = await fetchSigned((await urlOf(cast.ownerA, cast.orgA.id, png.uuid, true)).body.url);
    expect(view.headers.get("content-type")).toBe("image/png");
    expect(view.headers.get("content-disposition")).toBe('inline; filename="shot.png"');
    const save = await fetchSigned((await urlOf(cast.ownerA, cast.orgA.id, png.uuid, false)).body.url);
    expect(save.headers.get("content-disposition")).toBe('attachment; filename="shot.png"');
    const pdf = await uploaded(
      cast.ownerA,
      cast.orgA.id,
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      undefined,
      "a.pdf",
    );
    const pdfView = await fetchSigned((await urlOf(cast.ownerA, cast.orgA.id, pdf.uuid, true)).body.url);
    expect(pdfView.headers.get("content-disposition")).toBe('inline; filename="a.pdf"');
    for (const body of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      "<html><script>alert(1)</script></html>",
    ]) {
      const fake = await uploaded(cast.ownerA, cast.orgA.id, Buffer.from(body), undefined, "cat.png");
      const res = await fetchSigned((await urlOf(cast.ownerA, cast.orgA.id, fake.uuid, true)).body.url);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="cat.png"');
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("sandbox");
    }
  });

  it("refuses bad multipart uploads with the upload codes and stores nothing", async () => {
    const org = await createCast(t);
    const empty = await upload(org.ownerA, org.orgA.id, Buffer.alloc(0));
    expect(empty).toMatchObject({
      status: 400,
      body: { error: "Error while uploading file : The file is empty", code: 1007 },
    });
    const noTitle = await upload(org.ownerA, org.orgA.id, randomBytes(5), { file_type: "legal_doc" });
    expect(noTitle).toMatchObject({
      status: 400,
      body: { error: "Error while uploading file : Document title is required.", code: 1009 },
    });
    const json = await inject(org.ownerA, "POST", `/api/accounts/${org.orgA.id}/files`, {
      file_type: "inspect",
    });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe(1009);
    expect((await inject(org.ownerA, "GET", `/api/accounts/${org.orgA.id}/files`)).body.total).toBe(0);
  });
});

describe("signed links", () => {
  it("stop working when the file is deleted, when edited, and after they expire", async () => {
    const f = await uploaded(cast.ownerA, cast.orgA.id, randomBytes(50));
    const { url } = (await urlOf(cast.ownerA, cast.orgA.id, f.uuid)).body;
    expect((await fetchSigned(url)).status).toBe(200);
    const u = new URL(url, t.baseUrl);
    const sig = u.searchParams.get("sig") ?? "";
    // Another first character: changing the last one to a fixed letter was no change 1 time in 16.
    const forged = `${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`;
    const edits: Array<[string, string]> = [
      ["sig", forged],
      ["d", "inline"],
      ["aid", String(cast.orgB.id)],
      ["exp", String(Number(u.searchParams.get("exp")) + 3600)],
    ];
    for (const [key, value] of edits) {
      const edited = new URL(u);
      edited.searchParams.set(key, value);
      expect((await fetchSigned(edited.pathname + edited.search)).status).toBe(404);
    }
    const past = new URL(u);
    past.searchParams.set("exp", "1000");
    expect((await fetchSigned(past.pathname + past.search)).status).toBe(404);
    expect(
      (await inject(cast.ownerA, "DELETE", `/api/accounts/${cast.orgA.id}/files/${f.uuid}`)).status,
    ).toBe(204);
    expect((await fetchSigned(url)).status).toBe(404);
    await t.app.ctx.jobs.flush();
    expect(existsSync(path.join(t.dataDir, "files", f.uuid))).toBe(false);
  });
});

describe("scanning", () => {
  it("finds EICAR (plain, zipped, double-zipped, renamed): FOUND, bytes deleted, never downloadable", async () => {
    const eicar = Buffer.from(EICAR, "latin1");
    for (const [data, name] of [
      [eicar, "eicar.com"],
      [zip({ "eicar.com": eicar }), "eicar.zip"],
      [zip({ "inner.zip": zip({ "x.txt": eicar }) }), "double.zip"],
      [zip({ "x.txt": eicar }), "holiday.jpg"],
    ] as const) {
      const f = await uploaded(cast.ownerA, cast.orgA.id, data, undefined, name);
      const listed = (
        await inject(cast.ownerA, "GET", `/api/accounts/${cast.orgA.id}/files?page_size=100`)
      ).body.items.find((x: Json) => x.uuid === f.uuid);
      expect(listed).toMatchObject({ scan_status: "FOUND", threat: "Eicar-Test-Signature" });
      expect(listed.scanned_at).not.toBeNull();
      const res = await urlOf(cast.ownerA, cast.orgA.id, f.uuid);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("Threat detected and deleted");
      await t.app.ctx.jobs.flush();
      expect(existsSync(path.join(t.dataDir, "files", f.uuid))).toBe(false);
    }
  });

  it("leaves a file SCAN_FAILED while the scanner is down, retries, and only then makes it OK", async () => {
    const runtime = t.app.files.runtime as unknown as { scanner: unknown };
    const working = runtime.scanner;
    // A clamd that does not answer (nothing listens on port 9).
    runtime.scanner = new ClamdScanner("127.0.0.1", 9, 1024 ** 3);
    try {
      const f = await uploaded(cast.ownerA, cast.orgA.id, randomBytes(100));
      const file = async () =>
        (
          await inject(cast.ownerA, "GET", `/api/accounts/${cast.orgA.id}/files?page_size=100`)
        ).body.items.find((x: Json) => x.uuid === f.uuid);
      expect((await file()).scan_status).toBe("SCAN_FAILED");
      expect((await urlOf(cast.ownerA, cast.orgA.id, f.uuid)).status).toBe(409);
      runtime.scanner = new BuiltinScanner(1024 ** 3);
      // Due again (the retry time is in the future): bring it forward as the clock would.
      await t.db.execute(`update files set scan_due_at = now() where uuid = '${f.uuid}'` as never);
      await t.app.files.scans.flush();
      expect((await file()).scan_status).toBe("OK");
    } finally {
      runtime.scanner = working;
    }
  });
});

describe("attachments", () => {
  it("posts a message with the file, re-pushes it on scan, pins, and a deleted message deletes the file", async () => {
    const issue = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const f = await uploaded(
      cast.ownerA,
      cast.orgA.id,
      PNG,
      { file_type: "attachment", issue_number: String(issue) },
      "screen.png",
    );
    expect(f.message_index).toBe(2);
    const detail = await call(t.app, cast.engineer, "GET", `/api/chat/issue/${issue}`);
    const message = detail.body.messages.find((m: Json) => m.index === 2);
    expect(message.body).toBe("");
    expect(message.attributes).toMatchObject({
      file_uuid: f.uuid,
      filename: "screen.png",
      scanStatus: "OK",
      mime: "image/png",
      pinned: false,
    });
    expect(message.revision).toBeGreaterThan(2);
    const link = await inject(cast.engineer, "GET", `/api/chat/attachment/${f.uuid}?is_view=true`);
    expect(link.status).toBe(200);
    expect((await fetchSigned(link.body.url)).headers.get("content-disposition")).toMatch(/^inline/);
    expect(
      (await inject(cast.ownerB, "GET", `/api/chat/attachment/${f.uuid}?aid=${cast.orgA.id}`)).status,
    ).toBe(403);
    expect((await inject(cast.ownerB, "GET", `/api/chat/attachment/${f.uuid}`)).status).toBe(404);

    expect(
      (await inject(cast.userA, "POST", `/api/accounts/${cast.orgA.id}/attachments/${f.uuid}/pin`)).status,
    ).toBe(204);
    const pinned = await inject(cast.ownerA, "GET", `/api/accounts/${cast.orgA.id}/attachments?pinned=true`);
    expect(pinned.body.items.map((x: Json) => x.uuid)).toContain(f.uuid);
    const after = await call(t.app, cast.engineer, "GET", `/api/chat/issue/${issue}`);
    expect(after.body.messages.find((m: Json) => m.index === 2).attributes.pinned).toBe(true);
    expect(
      (await inject(cast.ownerB, "POST", `/api/accounts/${cast.orgA.id}/attachments/${f.uuid}/pin`)).status,
    ).toBe(404);
    expect(
      (await inject(cast.ownerA, "DELETE", `/api/accounts/${cast.orgA.id}/attachments/${f.uuid}/pin`)).status,
    ).toBe(204);

    const del = await call(t.app, cast.ownerA, "DELETE", `/api/chat/issue/${issue}/message/2`);
    expect(del.status).toBe(200);
    expect(del.body.attributes).toMatchObject({ deletedBy: "Olga Owner" });
    expect((await inject(cast.ownerA, "GET", `/api/chat/attachment/${f.uuid}`)).status).toBe(404);
    await t.app.ctx.jobs.flush();
    expect(existsSync(path.join(t.dataDir, "files", f.uuid))).toBe(false);
  });

  it("accepts a raw streamed attachment from a script (objects/{accountId}/{issue}/{name})", async () => {
    const issue = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const data = randomBytes(4096);
    const res = await fetch(`${t.baseUrl}/api/objects/${cast.orgA.id}/${issue}/dump.log`, {
      method: "POST",
      headers: { authorization: cast.ownerA, "content-type": "application/octet-stream" },
      body: data,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({
      file_type: "attachment",
      issue_number: issue,
      message_index: 2,
      size: 4096,
    });
    const foreign = await fetch(`${t.baseUrl}/api/objects/${cast.orgA.id}/${issue}/x.log`, {
      method: "POST",
      headers: { authorization: cast.ownerB },
      body: data,
    });
    expect(foreign.status).toBe(404);
  });

  it("lists a file whose issue is gone as an orphan, for engineers only", async () => {
    const issue = await openIssue(t.app, cast.ownerA, cast.orgA.id);
    const f = await uploaded(cast.ownerA, cast.orgA.id, randomBytes(10), {
      file_type: "attachment",
      issue_number: String(issue),
    });
    await t.db.execute(`delete from issues where issue_number = ${issue}` as never);
    const orphans = await inject(cast.engineer, "GET", `/api/accounts/${cast.orgA.id}/files/orphan`);
    expect(orphans.body.items.map((x: Json) => x.uuid)).toContain(f.uuid);
    expect((await inject(cast.ownerA, "GET", `/api/accounts/${cast.orgA.id}/files/orphan`)).status).toBe(404);
  });
});

describe("§7.3 upload calls", () => {
  it("store profile, perf and inspect uploads as files of their type and list them", async () => {
    const cluster = await insertCluster(t.db, cast.orgA.id);
    for (const [uploadUrl, listUrl, type] of [
      ["/api/profile/upload", "/api/profile/info", "profile"],
      ["/api/perf/upload", "/api/perf/results", "perf_result"],
      ["/api/inspect/upload", "/api/logs/list", "inspect"],
    ]) {
      const form = await multipart(
        { cluster_id: cluster.id },
        { name: "file", filename: "x.json", type: "application/json", data: Buffer.from("{}") },
      );
      const res = await t.app.inject({
        method: "POST",
        url: `${uploadUrl}?aid=${cast.orgA.id}`,
        payload: form.payload,
        headers: { ...form.headers, authorization: cast.ownerA },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ file_type: type, cluster_id: cluster.id });
      const list = await inject(cast.userA, "GET", `${listUrl}?cluster_id=${cluster.id}`);
      expect(list.body.items.map((x: Json) => x.uuid)).toContain(res.json().uuid);
      expect((await inject(cast.ownerB, "GET", `${listUrl}?aid=${cast.orgA.id}`)).status).toBe(403);
    }
  });
});

describe("tenancy", () => {
  it("answers 401 without a token on every files route", async () => {
    const uuid = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", `/api/accounts/${cast.orgA.id}/files`],
      ["POST", `/api/accounts/${cast.orgA.id}/files`],
      ["PUT", `/api/accounts/${cast.orgA.id}/files/${uuid}`],
      ["DELETE", `/api/accounts/${cast.orgA.id}/files/${uuid}`],
      ["GET", `/api/accounts/${cast.orgA.id}/files/${uuid}/url`],
      ["GET", `/api/chat/attachment/${uuid}`],
      ["POST", `/api/objects?aid=${cast.orgA.id}`],
    ] as const) {
      expect((await inject(undefined, method, url)).status).toBe(401);
    }
  });

  it("hides another account's file (404 by id), and a plain user cannot change someone else's file (403)", async () => {
    const f = await uploaded(cast.ownerA, cast.orgA.id, randomBytes(10));
    const base = `/api/accounts/${cast.orgA.id}/files/${f.uuid}`;
    expect((await inject(cast.ownerB, "GET", `/api/accounts/${cast.orgA.id}/files`)).status).toBe(404);
    expect((await inject(cast.ownerB, "GET", `${base}/url`)).status).toBe(404);
    expect((await inject(cast.ownerB, "PUT", base, { filename: "x" })).status).toBe(404);
    expect((await inject(cast.ownerB, "DELETE", base)).status).toBe(404);
    // The same uuid under B's own account is not found either.
    expect(
      (await inject(cast.ownerB, "GET", `/api/accounts/${cast.orgB.id}/files/${f.uuid}/url`)).status,
    ).toBe(404);
    const denied = await inject(cast.userA, "DELETE", base);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(
      "Only the uploader, an owner of the organization or an engineer can change this file",
    );
    expect((await inject(cast.userA, "PUT", base, { filename: "mine.txt" })).status).toBe(403);
    expect((await inject(cast.engineer, "PUT", base, { filename: "eng.txt" })).status).toBe(200);
    expect((await inject(cast.ownerA, "GET", `${base}/url`)).status).toBe(200);
  });
});
