import { describe, expect, it, vi } from "vitest";
import { fakeEngine, fileOf, storedUpload } from "../test/fake-engine";
import { createUploadStore, RESUME_MISMATCH, toWireMetadata, type UploadEntry, uuidOf } from "./upload-store";

const REPORT = { account_id: 3, file_type: "health_report" } as const;

function setup(stored: Parameters<typeof fakeEngine>[0] = [], offsets: Record<string, number> = {}) {
  const fake = fakeEngine(stored, offsets);
  let clock = 0;
  const store = createUploadStore(fake.engine, () => clock);
  return {
    ...fake,
    store,
    tick: (ms: number) => (clock += ms),
    only: () => store.getEntries()[0] as UploadEntry,
  };
}

describe("upload store", () => {
  it("follows an upload from 0% to completed, with its speed, and tells who listens", () => {
    const { store, last, tick, only } = setup();
    const completed = vi.fn();
    store.onCompleted(completed);
    store.start(fileOf("report.tgz", 10_000_000), REPORT);
    expect(only()).toMatchObject({ filename: "report.tgz", status: "uploading", percent: 0, speed: null });
    expect(last().started).toBe(true);
    expect(last().metadata).toEqual({
      filename: "report.tgz",
      filetype: "application/octet-stream",
      account_id: "3",
      file_type: "health_report",
    });

    last().callbacks.onUrl("http://localhost/api/uploads/0b5c6f1e-4f6a-4c55-9a43-1d2b3c4d5e6f");
    last().callbacks.onProgress(0, 10_000_000);
    tick(1_000);
    last().callbacks.onProgress(2_500_000, 10_000_000);
    expect(only()).toMatchObject({
      percent: 25,
      speed: 2_500_000,
      uuid: "0b5c6f1e-4f6a-4c55-9a43-1d2b3c4d5e6f",
    });

    last().callbacks.onSuccess();
    expect(only()).toMatchObject({ status: "completed", percent: 100, speed: null });
    expect(completed).toHaveBeenCalledWith(expect.objectContaining({ filename: "report.tgz" }));
  });

  it("cancels: the server's partial upload is terminated and later events change nothing", async () => {
    const { store, last, only } = setup();
    store.start(fileOf("inspect.zip", 1000), REPORT);
    last().callbacks.onProgress(400, 1000);
    await store.cancel(only().id);
    expect(last().terminated).toBe(true);
    expect(only()).toMatchObject({ status: "cancelled", percent: 40 });
    last().callbacks.onProgress(900, 1000);
    last().callbacks.onSuccess();
    expect(only()).toMatchObject({ status: "cancelled", percent: 40 });
  });

  it("shows the failure and retries with the same file", () => {
    const { store, transfers, last, only } = setup();
    store.start(fileOf("perf.csv", 1000), REPORT);
    last().callbacks.onError("Error while uploading file : The account's storage quota is full");
    expect(only()).toMatchObject({
      status: "failed",
      error: "Error while uploading file : The account's storage quota is full",
    });
    store.retry(only().id);
    expect(transfers).toHaveLength(2);
    expect(last().file.name).toBe("perf.csv");
    expect(only()).toMatchObject({ status: "uploading", error: null });
  });

  it("lists uploads an earlier page left unfinished and resumes them with the same file only", async () => {
    const record = storedUpload("tus::a::1", 1000, {
      filename: "big.tgz",
      account_id: "3",
      file_type: "inspect",
    });
    const gone = storedUpload("tus::b::2", 500, {
      filename: "old.tgz",
      account_id: "3",
      file_type: "inspect",
    });
    const { store, last, only, transfers } = setup([record, gone], { "tus::a::1": 600 });
    await store.restoreInterrupted();
    await store.restoreInterrupted();
    expect(store.getEntries()).toHaveLength(1);
    expect(only()).toMatchObject({ filename: "big.tgz", status: "interrupted", percent: 60, size: 1000 });

    expect(store.resume(only().id, fileOf("big.tgz", 999))).toBe(RESUME_MISMATCH);
    expect(store.resume(only().id, fileOf("other.tgz", 1000))).toBe(RESUME_MISMATCH);
    expect(transfers).toHaveLength(0);

    expect(store.resume(only().id, fileOf("big.tgz", 1000))).toBeNull();
    expect(last().resume).toBe(record);
    expect(only()).toMatchObject({ status: "uploading" });
  });

  it("cancelling an interrupted upload discards it on the server", async () => {
    const record = storedUpload("tus::a::1", 1000, {
      filename: "big.tgz",
      account_id: "3",
      file_type: "inspect",
    });
    const { store, discard, only } = setup([record], { "tus::a::1": 10 });
    await store.restoreInterrupted();
    await store.cancel(only().id);
    expect(discard).toHaveBeenCalledWith(record);
    expect(only().status).toBe("cancelled");
  });

  it("removes finished entries from the list, never running ones", () => {
    const { store, last, only } = setup();
    store.start(fileOf("a.txt", 10), REPORT);
    store.dismiss(only().id);
    expect(store.getEntries()).toHaveLength(1);
    last().callbacks.onSuccess();
    store.dismiss(only().id);
    expect(store.getEntries()).toHaveLength(0);
  });
});

describe("wire metadata", () => {
  it("sends text values and leaves empty ones out", () => {
    expect(
      toWireMetadata("doc.pdf", "application/pdf", {
        account_id: 3,
        file_type: "legal_doc",
        title: "NDA",
        cluster_id: "",
        issue_number: undefined,
      }),
    ).toEqual({
      filename: "doc.pdf",
      filetype: "application/pdf",
      account_id: "3",
      file_type: "legal_doc",
      title: "NDA",
    });
  });

  it.each([
    ["/api/uploads/abc", "abc"],
    ["http://host/api/uploads/abc?x=1", "abc"],
    ["http://host/api/uploads/abc/", "abc"],
  ])("takes the uuid from %s", (url, uuid) => {
    expect(uuidOf(url)).toBe(uuid);
  });
});
