import type { TFile } from "@portico/shared/schemas/files";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import FilesScreen from "./files-screen";
import { fakeEngine } from "./test/fake-engine";
import { createUploadStore } from "./uploads/upload-store";
import { UploadStoreProvider } from "./uploads/use-uploads";

const customer = testCustomer;

function fileRow(over: Partial<TFile>): TFile {
  return {
    uuid: "11111111-1111-4111-8111-111111111111",
    file_type: "health_report",
    title: null,
    filename: "health.json",
    size: 1536,
    mime: "application/json",
    cluster_id: null,
    cluster_name: null,
    issue_number: null,
    message_index: null,
    uploaded_by: { user_id: 2, name: "Ada Lovelace" },
    scan_status: "OK",
    scanned_at: "2026-03-01T10:00:00Z",
    threat: null,
    complete: true,
    offset: 1536,
    created_at: "2026-03-01T09:59:00Z",
    updated_at: "2026-03-01T10:00:00Z",
    ...over,
  };
}

const clean = fileRow({});
const infected = fileRow({
  uuid: "22222222-2222-4222-8222-222222222222",
  file_type: "inspect",
  filename: "eicar.com",
  size: 68,
  scan_status: "FOUND",
  threat: "Eicar-Test-Signature",
  uploaded_by: { user_id: 5, name: "Bob Builder" },
});
const list = (items: TFile[]) => ({
  items,
  total: items.length,
  page: 1,
  page_size: 100,
  used_bytes: 1604,
  quota_bytes: 10 * 1024 ** 3,
});

const FILES = "GET /api/accounts/3/files";

function setup(routes: Record<string, object> = {}) {
  const fetchMock = mockApi({ "GET /api/chat/user": customer, [FILES]: list([clean, infected]), ...routes });
  const engine = fakeEngine();
  const store = createUploadStore(engine.engine);
  const view = renderScreen(
    <UploadStoreProvider store={store}>
      <FilesScreen />
    </UploadStoreProvider>,
    { path: "/files" },
  );
  return { ...view, fetchMock, store, engine };
}

const rowOf = async (name: string) => {
  const cell = await screen.findByText(name);
  return cell.closest("tr") as HTMLElement;
};

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
});

describe("files screen", () => {
  it("lists the account's files with type, size in binary units, uploader, scan status and usage", async () => {
    setup();
    expect(screen.getByRole("heading", { level: 1, name: "Files" })).toBeInTheDocument();
    const row = await rowOf("health.json");
    expect(within(row).getByText("Health report")).toBeInTheDocument();
    expect(within(row).getByText("1.5 KiB")).toBeInTheDocument();
    expect(within(row).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(row).getByText("No threat found")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Download health.json" })).toBeEnabled();

    const bad = await rowOf("eicar.com");
    expect(within(bad).getByText("68 B")).toBeInTheDocument();
    expect(within(bad).getByText(/^Threat detected and deleted · .*2026/)).toBeInTheDocument();
    expect(within(bad).getByRole("button", { name: "Download eicar.com" })).toBeDisabled();
    expect(screen.getByText("Acme · 1.57 KiB of 10 GiB used")).toBeInTheDocument();
  });

  it("filters by type through the API", async () => {
    const { user, fetchMock } = setup();
    await rowOf("health.json");
    await user.click(screen.getByRole("combobox", { name: "Filter by type" }));
    await user.click(await screen.findByRole("option", { name: "Legal document" }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        "/api/accounts/3/files?type=legal_doc&page=1&page_size=100",
      ),
    );
  });

  it("shows an empty state whose next step opens the upload dialog", async () => {
    const { user } = setup({ [FILES]: list([]) });
    await user.click(await screen.findByRole("button", { name: "Upload a file" }));
    expect(await screen.findByRole("dialog", { name: "Upload file" })).toBeInTheDocument();
  });

  it("shows a failed load with Retry", async () => {
    let fail = true;
    setup({
      [FILES]: () =>
        fail
          ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
          : jsonResponse(list([clean])),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    fail = false;
    screen.getByRole("button", { name: "Retry" }).click();
    expect(await rowOf("health.json")).toBeInTheDocument();
  });

  it("downloads by asking the signed URL, then going there", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user } = setup({
      [`GET /api/accounts/3/files/${clean.uuid}/url`]: {
        url: "/api/files/x/content?sig=abc",
        expires_at: "",
      },
    });
    await user.click(
      within(await rowOf("health.json")).getByRole("button", { name: "Download health.json" }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/files/x/content?sig=abc"));
  });

  it("renames and changes the type; a legal document needs its title", async () => {
    const { user, fetchMock } = setup({
      [`PUT /api/accounts/3/files/${clean.uuid}`]: clean,
    });
    await user.click(within(await rowOf("health.json")).getByRole("button", { name: "Edit health.json" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit file" });
    await user.clear(within(dialog).getByLabelText("File name"));
    await user.type(within(dialog).getByLabelText("File name"), "nda.pdf");
    await user.click(within(dialog).getByRole("combobox", { name: "File type" }));
    await user.click(await screen.findByRole("option", { name: "Legal document" }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Document title is required.")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(`PUT /api/accounts/3/files/${clean.uuid}`);

    await user.type(within(dialog).getByLabelText("Document title"), "Mutual NDA");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("The file has been updated.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf(`PUT /api/accounts/3/files/${clean.uuid}`);
    expect(bodyOf(fetchMock, index)).toEqual({
      filename: "nda.pdf",
      file_type: "legal_doc",
      title: "Mutual NDA",
    });
  });

  it("deletes after a confirmation", async () => {
    const { user, fetchMock } = setup({
      [`DELETE /api/accounts/3/files/${infected.uuid}`]: () => new Response(null, { status: 204 }),
    });
    await user.click(within(await rowOf("eicar.com")).getByRole("button", { name: "Delete eicar.com" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this file?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete file" }));
    expect(await screen.findByText("eicar.com has been deleted.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`DELETE /api/accounts/3/files/${infected.uuid}`);
  });

  it("uploads through the dialog: a legal document needs its title, then the upload starts", async () => {
    const { user, engine, store } = setup();
    await rowOf("health.json");
    await user.click(screen.getByRole("button", { name: "Upload file" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload file" });
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(within(dialog).getByText("Choose a file to upload.")).toBeInTheDocument();
    expect(within(dialog).getByText("Choose the file's type.")).toBeInTheDocument();

    const pdf = new File(["%PDF-1.7"], "contract.pdf", { type: "application/pdf" });
    await user.upload(within(dialog).getByLabelText("Choose a file"), pdf);
    await user.click(within(dialog).getByRole("combobox", { name: "File type" }));
    await user.click(await screen.findByRole("option", { name: "Legal document" }));
    await user.type(within(dialog).getByLabelText("Cluster ID"), "east 1");
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(within(dialog).getByText("Document title is required.")).toBeInTheDocument();
    expect(within(dialog).getByText(/cluster_id must be/)).toBeInTheDocument();
    expect(engine.transfers).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Document title"), "Support contract");
    await user.clear(within(dialog).getByLabelText("Cluster ID"));
    await user.type(within(dialog).getByLabelText("Cluster ID"), "east-1");
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(engine.last().metadata).toEqual({
      filename: "contract.pdf",
      filetype: "application/pdf",
      account_id: "3",
      file_type: "legal_doc",
      title: "Support contract",
      cluster_id: "east-1",
    });
    expect(store.getEntries()[0]).toMatchObject({ filename: "contract.pdf", status: "uploading" });
  });
});
