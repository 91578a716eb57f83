import type { TMessage } from "@portico/shared/schemas/conversations";
import { createEvent, fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../../lib/session";
import { calls, jsonResponse, mockApi, renderScreen } from "../../../test/helpers";
import { fakeEngine, fileOf } from "../test/fake-engine";
import { createUploadStore } from "../uploads/upload-store";
import { UploadStoreProvider } from "../uploads/use-uploads";
import { AttachButton, useAttachmentPaste } from "./attach-button";
import { AttachmentMessage } from "./attachment-message";
import { AttachmentScope } from "./attachment-scope";

const UUID = "33333333-3333-4333-8333-333333333333";
const URL_PATH = `GET /api/chat/attachment/${UUID}`;

function message(attributes: TMessage["attributes"]): TMessage {
  return {
    issue_number: 7,
    index: 4,
    body: "",
    attributes: { file_uuid: UUID, filename: "screenshot.png", size: 2048, mime: "image/png", ...attributes },
    author: { user_id: 2, name: "Ada Lovelace", type: "customer" },
    created_at: "2026-03-01T10:00:00Z",
    edited_at: null,
    revision: 9,
  };
}

function renderInScope(element: ReactElement, routes: Parameters<typeof mockApi>[0] = {}, canAttach = true) {
  const fetchMock = mockApi(routes);
  const engine = fakeEngine();
  const store = createUploadStore(engine.engine);
  const view = renderScreen(
    <UploadStoreProvider store={store}>
      <AttachmentScope issueNumber={7} accountId={3} canAttach={canAttach}>
        {element}
      </AttachmentScope>
    </UploadStoreProvider>,
  );
  return { ...view, fetchMock, store, engine };
}

function PasteBox() {
  const onPaste = useAttachmentPaste();
  return <textarea aria-label="Reply" onPaste={onPaste} />;
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
});

describe("attachment message", () => {
  it("shows a clean image's thumbnail from its signed URL: loading, then loaded", async () => {
    const { fetchMock } = renderInScope(<AttachmentMessage message={message({ scanStatus: "OK" })} />, {
      [URL_PATH]: { url: "/api/files/x/content?sig=view", expires_at: "" },
    });
    expect(screen.getByText("screenshot.png")).toBeInTheDocument();
    expect(screen.getByText("2 KiB")).toBeInTheDocument();
    expect(document.querySelector("[data-thumbnail]")).toHaveAttribute("data-thumbnail", "loading");
    const image = await screen.findByRole("img", { name: "screenshot.png" });
    expect(image).toHaveAttribute("src", "/api/files/x/content?sig=view");
    const [url] = fetchMock.mock.calls.find(([u]) => String(u).startsWith("/api/chat/attachment")) ?? [];
    expect(String(url)).toBe(`/api/chat/attachment/${UUID}?is_view=true&aid=3`);
    fireEvent.load(image);
    expect(document.querySelector("[data-thumbnail]")).toHaveAttribute("data-thumbnail", "loaded");
  });

  it("says the preview was not found when the image does not load", async () => {
    renderInScope(<AttachmentMessage message={message({ scanStatus: "OK" })} />, {
      [URL_PATH]: { url: "/api/files/x/content?sig=view", expires_at: "" },
    });
    fireEvent.error(await screen.findByRole("img", { name: "screenshot.png" }));
    expect(screen.getByText("Preview not found")).toBeInTheDocument();
  });

  it("says the preview was not found when the URL is refused", async () => {
    renderInScope(<AttachmentMessage message={message({ scanStatus: "OK" })} />, {
      [URL_PATH]: () => jsonResponse({ error: "File not found", status: 404 }, 404),
    });
    expect(await screen.findByText("Preview not found")).toBeInTheDocument();
  });

  it("shows the scan in progress, without thumbnail or download", () => {
    const { fetchMock } = renderInScope(
      <AttachmentMessage message={message({ scanStatus: "SCAN_STARTED" })} />,
    );
    expect(screen.getByText("Scanning…")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download screenshot.png" })).toBeDisabled();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([]);
  });

  it.each([
    [
      { scanStatus: "FOUND" as const, deletedAt: "2026-03-01T10:01:00Z", deletedBy: "Virus scanner" },
      /^screenshot\.png Threat detected and deleted by Virus scanner · .*2026/,
    ],
    [
      { scanStatus: "OK" as const, deletedAt: "2026-03-02T10:01:00Z", deletedBy: "Ada Lovelace" },
      /^screenshot\.png Deleted by Ada Lovelace · .*2026/,
    ],
  ])("tells what happened to a deleted file, by whom and when (%o)", (attributes, text) => {
    const { container } = renderInScope(<AttachmentMessage message={message(attributes)} />);
    expect(container.textContent).toMatch(text);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("pins and unpins for the issue's account", async () => {
    const { user, fetchMock } = renderInScope(
      <AttachmentMessage message={message({ scanStatus: "SIZE_TOO_BIG", mime: "application/zip" })} />,
      { [`POST /api/accounts/3/attachments/${UUID}/pin`]: () => new Response(null, { status: 204 }) },
    );
    expect(screen.getByText("Too big to scan")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Pin screenshot.png" }));
    expect(await screen.findByText("screenshot.png is pinned.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST /api/accounts/3/attachments/${UUID}/pin`);
  });

  it("shows a pinned file as pinned, with Unpin", () => {
    renderInScope(<AttachmentMessage message={message({ scanStatus: "SCAN_FAILED", pinned: true })} />);
    expect(screen.getByText("Pinned")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unpin screenshot.png" })).toBeInTheDocument();
  });

  it("downloads through the signed URL", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user } = renderInScope(
      <AttachmentMessage message={message({ scanStatus: "OK", mime: "text/plain" })} />,
      {
        [URL_PATH]: (url) =>
          jsonResponse({
            url: `/api/files/x/content?view=${url.searchParams.get("is_view")}`,
            expires_at: "",
          }),
      },
    );
    await user.click(screen.getByRole("button", { name: "Download screenshot.png" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/api/files/x/content?view=false"));
  });
});

describe("attaching", () => {
  it("uploads each chosen file as an attachment of the issue", async () => {
    const { user, engine } = renderInScope(<AttachButton />);
    await user.upload(screen.getByLabelText("Attach files"), [fileOf("a.log", 10), fileOf("b.log", 20)]);
    expect(engine.transfers.map((t) => t.metadata)).toEqual([
      expect.objectContaining({
        filename: "a.log",
        account_id: "3",
        file_type: "attachment",
        issue_number: "7",
      }),
      expect.objectContaining({
        filename: "b.log",
        account_id: "3",
        file_type: "attachment",
        issue_number: "7",
      }),
    ]);
  });

  it("refuses an empty file", async () => {
    const { user, engine } = renderInScope(<AttachButton />);
    await user.upload(screen.getByLabelText("Attach files"), fileOf("empty.txt", 0));
    expect(await screen.findByText("empty.txt: The file is empty")).toBeInTheDocument();
    expect(engine.transfers).toHaveLength(0);
  });

  it("attaches pasted images and lets text paste as usual", () => {
    const { engine } = renderInScope(<PasteBox />);
    const box = screen.getByRole("textbox", { name: "Reply" });
    const image = fileOf("image.png", 100, "image/png");
    const paste = createEvent.paste(box, { clipboardData: { files: [image] } });
    fireEvent(box, paste);
    expect(paste.defaultPrevented).toBe(true);
    expect(engine.transfers[0]?.metadata).toMatchObject({ file_type: "attachment", filetype: "image/png" });
    expect(engine.transfers[0]?.metadata.filename).toMatch(
      /^pasted-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.png$/,
    );

    const text = createEvent.paste(box, { clipboardData: { files: [] } });
    fireEvent(box, text);
    expect(text.defaultPrevented).toBe(false);
    expect(engine.transfers).toHaveLength(1);
  });

  it("offers nothing where the viewer may not post", () => {
    renderInScope(
      <>
        <AttachButton />
        <PasteBox />
      </>,
      {},
      false,
    );
    expect(screen.queryByLabelText("Attach files")).not.toBeInTheDocument();
  });
});
