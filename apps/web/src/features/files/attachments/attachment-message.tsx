/**
 * A message that carries a file (spec §2.4, §3 Message attributes): its name, size and scan
 * state, a thumbnail for a clean image (§4 thumbnail states: loading, loaded, not found), download
 * and pin/unpin; once the file is gone, "Deleted" or "Threat detected and deleted" (§4) with by
 * whom and when. The server pushes the message again as "edited" when any of this changes, so
 * the other side sees it live.
 */
import { formatBytes } from "@portico/shared/rules/units";
import type { TMessage } from "@portico/shared/schemas/conversations";
import { FILE_MESSAGES } from "@portico/shared/schemas/files";
import { useQuery } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import FileText from "lucide-react/icons/file-text";
import ImageOff from "lucide-react/icons/image-off";
import Pin from "lucide-react/icons/pin";
import PinOff from "lucide-react/icons/pin-off";
import { type ReactNode, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { IconButton } from "../../../components/ui/icon-button";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { attachmentUrlQuery, filesApi, navigateToDownload } from "../api";
import { ScanStatusBadge } from "../components/scan-status";
import { formatWhen } from "../format";
import { useAttachmentScope } from "./attachment-scope";

export type ThumbnailState = "loading" | "loaded" | "not-found";

/** A message is an attachment when it names its file. */
export function isAttachment(message: TMessage): boolean {
  return message.attributes.file_uuid !== undefined;
}

function Thumbnail({
  uuid,
  filename,
  accountId,
}: {
  uuid: string;
  filename: string;
  accountId: number | null;
}) {
  const url = useQuery(attachmentUrlQuery(uuid, accountId, true));
  const [image, setImage] = useState<{ src: string; state: ThumbnailState } | null>(null);
  const src = url.data?.url;
  const state: ThumbnailState =
    url.isError || (image?.src === src && image?.state === "not-found")
      ? "not-found"
      : src && image?.src === src && image.state === "loaded"
        ? "loaded"
        : "loading";
  return (
    <div
      data-thumbnail={state}
      className="relative mt-2 h-40 w-56 max-w-full overflow-hidden rounded-md border bg-muted"
    >
      {state === "loading" && <Skeleton className="absolute inset-0 rounded-none" />}
      {state === "not-found" ? (
        <p className="flex h-full flex-col items-center justify-center gap-1 text-xs text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-5" />
          Preview not found
        </p>
      ) : (
        src && (
          <img
            src={src}
            alt={filename}
            onLoad={() => setImage({ src, state: "loaded" })}
            onError={() => setImage({ src, state: "not-found" })}
            className="h-full w-full object-cover"
          />
        )
      )}
    </div>
  );
}

function DeletedAttachment({ message }: { message: TMessage }) {
  const { filename, scanStatus, deletedBy, deletedAt } = message.attributes;
  const what = scanStatus === "FOUND" ? FILE_MESSAGES.threatDeleted : FILE_MESSAGES.deleted;
  return (
    <p className="text-sm text-muted-foreground italic">
      {filename && (
        <>
          <span className="line-through">{filename}</span>{" "}
        </>
      )}
      {what}
      {deletedBy ? ` by ${deletedBy}` : ""}
      {deletedAt ? ` · ${formatWhen(deletedAt)}` : ""}
    </p>
  );
}

export function AttachmentMessage({ message, children }: { message: TMessage; children?: ReactNode }) {
  const scope = useAttachmentScope();
  const [busy, setBusy] = useState<"download" | "pin" | null>(null);
  const { file_uuid: uuid, filename = "file", size, mime, scanStatus, pinned = false } = message.attributes;
  if (!uuid) return null;
  if (message.attributes.deletedAt !== undefined || scanStatus === "FOUND") {
    return <DeletedAttachment message={message} />;
  }
  const accountId = scope?.accountId ?? null;
  const clean = scanStatus === "OK";

  const act = async (what: "download" | "pin", action: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  const download = () =>
    act("download", async () =>
      navigateToDownload((await filesApi.attachmentDownloadUrl(uuid, accountId)).url),
    );
  const togglePin = (id: number) =>
    act("pin", async () => {
      await (pinned ? filesApi.unpin(id, uuid) : filesApi.pin(id, uuid));
      toast.success(pinned ? `${filename} is no longer pinned.` : `${filename} is pinned.`);
    });

  return (
    <div className="mt-1 max-w-md">
      <div className="flex items-center gap-3 rounded-md border bg-background p-2">
        <FileText aria-hidden="true" className="size-8 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={filename}>
            {filename}
          </p>
          <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
            {size !== undefined && <span>{formatBytes(size)}</span>}
            {!clean && <ScanStatusBadge status={scanStatus ?? null} />}
            {pinned && <Badge variant="info">Pinned</Badge>}
          </p>
        </div>
        <IconButton
          label={`Download ${filename}`}
          icon={Download}
          size="icon-sm"
          disabled={!clean}
          busy={busy === "download"}
          onClick={() => void download()}
        />
        {accountId !== null && (
          <IconButton
            label={pinned ? `Unpin ${filename}` : `Pin ${filename}`}
            icon={pinned ? PinOff : Pin}
            size="icon-sm"
            busy={busy === "pin"}
            onClick={() => void togglePin(accountId)}
          />
        )}
      </div>
      {clean && mime?.startsWith("image/") && (
        <Thumbnail uuid={uuid} filename={filename} accountId={accountId} />
      )}
      {children}
    </div>
  );
}
