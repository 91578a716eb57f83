import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../test/helpers";
import { fakeEngine, fileOf, storedUpload } from "../test/fake-engine";
import UploadPanel from "./upload-panel";
import { createUploadStore, RESUME_MISMATCH } from "./upload-store";
import { UploadStoreProvider } from "./use-uploads";

const INSPECT = { account_id: 3, file_type: "inspect" } as const;

function setup(stored: ReturnType<typeof storedUpload>[] = [], offsets: Record<string, number> = {}) {
  const fake = fakeEngine(stored, offsets);
  let clock = 0;
  const store = createUploadStore(fake.engine, () => clock);
  const view = renderScreen(
    <UploadStoreProvider store={store}>
      <UploadPanel />
    </UploadStoreProvider>,
  );
  return { ...view, ...fake, store, tick: (ms: number) => (clock += ms) };
}

const entry = (name: string) => screen.getByRole("listitem", { name });

describe("upload panel", () => {
  it("is absent without uploads", () => {
    setup();
    expect(screen.queryByRole("region", { name: "Uploads" })).not.toBeInTheDocument();
  });

  it("shows each upload's percent and speed, then completed", async () => {
    const { store, last, tick } = setup();
    act(() => {
      store.start(fileOf("bundle.tgz", 4_000_000), INSPECT);
    });
    const row = await screen.findByRole("listitem", { name: "bundle.tgz" });
    act(() => {
      last().callbacks.onProgress(0, 4_000_000);
      tick(1_000);
      last().callbacks.onProgress(1_500_000, 4_000_000);
    });
    expect(within(row).getByRole("progressbar", { name: "Upload of bundle.tgz" })).toHaveAttribute(
      "aria-valuenow",
      "37",
    );
    expect(row).toHaveTextContent("Uploading · 37% · 1.5 MB/s");
    expect(screen.getByText("1 uploading")).toBeInTheDocument();

    act(() => last().callbacks.onSuccess());
    expect(entry("bundle.tgz")).toHaveTextContent("Completed · 3.81 MiB");
    expect(within(entry("bundle.tgz")).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  });

  it("cancels, then retries", async () => {
    const { store, last, transfers, user } = setup();
    act(() => {
      store.start(fileOf("perf.csv", 1000), INSPECT);
      last().callbacks.onProgress(250, 1000);
    });
    await user.click(screen.getByRole("button", { name: "Cancel upload of perf.csv" }));
    expect(last().terminated).toBe(true);
    expect(entry("perf.csv")).toHaveTextContent("Cancelled at 25%");
    await user.click(screen.getByRole("button", { name: "Retry upload of perf.csv" }));
    expect(transfers).toHaveLength(2);
    expect(entry("perf.csv")).toHaveTextContent("Uploading · 0%");
  });

  it("shows a failure with its §8 text and Retry", async () => {
    const { store, last } = setup();
    act(() => {
      store.start(fileOf("huge.bin", 1000), INSPECT);
      last().callbacks.onError("Error while uploading file : The account's storage quota is full");
    });
    expect(entry("huge.bin")).toHaveTextContent(
      "Error while uploading file : The account's storage quota is full",
    );
    expect(screen.getByRole("button", { name: "Retry upload of huge.bin" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove huge.bin from the list" })).toBeInTheDocument();
  });

  it("offers Resume for an upload a reload interrupted; only the same file resumes it", async () => {
    const record = storedUpload("tus::k::1", 2048, {
      filename: "inspect.zip",
      account_id: "3",
      file_type: "inspect",
    });
    const { user, transfers } = setup([record], { "tus::k::1": 1024 });
    const row = await screen.findByRole("listitem", { name: "inspect.zip" });
    expect(row).toHaveTextContent("Interrupted at 50%: choose the same file to resume");
    expect(screen.getByText("1 to resume")).toBeInTheDocument();

    await user.upload(within(row).getByLabelText("Resume upload of inspect.zip"), fileOf("other.zip", 2048));
    expect(within(row).getByRole("alert")).toHaveTextContent(RESUME_MISMATCH);
    expect(transfers).toHaveLength(0);

    await user.upload(
      within(row).getByLabelText("Resume upload of inspect.zip"),
      fileOf("inspect.zip", 2048),
    );
    expect(transfers[0]?.resume).toBe(record);
    expect(entry("inspect.zip")).toHaveTextContent("Uploading · 50%");
  });
});
