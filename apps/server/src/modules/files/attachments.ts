/**
 * Files attached to conversation messages (spec §2.4, §4 deleted attachment text, §7.2 pin). The
 * message goes through the conversations service, so numbering, revision, the realtime push and
 * the account's last_message_at stay exactly as for any message; every later change (scan state,
 * pin, deletion) is an attribute change under a new revision, pushed as "edited".
 */
import type { ScanStatus } from "@portico/shared/schemas/files";
import { FILE_MESSAGES } from "@portico/shared/schemas/files";
import { eq } from "drizzle-orm";
import { type FileRow, files, type MessageAttributes } from "../../db/schema";
import type { Viewer } from "../../platform/auth/viewer";
import type { AppContext } from "../../platform/context";
import type { Executor } from "../../platform/db/client";
import { pushAlerts, type RaisedAlert, raiseReplyAlerts } from "../alerts/alerts.service";
import { pushConversation, pushMessage } from "../conversations/chat-events";
import { getConversation } from "../conversations/issues.queries";
import { postMessage, updateMessageAttributes } from "../conversations/issues.service";
import { messageRange } from "../conversations/messages.queries";

/** What an attachment message carries besides the §3 attributes. */
export type AttachmentAttributes = MessageAttributes & {
  file_uuid?: string;
  size?: number;
  mime?: string;
  pinned?: boolean;
  scanStatus?: ScanStatus;
};

const SCANNER_NAME = "Virus scanner";

export function attachmentAttributes(file: FileRow): AttachmentAttributes {
  return {
    file_uuid: file.uuid,
    filename: file.filename,
    size: file.size,
    mime: file.mime,
    pinned: file.pinned,
    ...(file.scanStatus ? { scanStatus: file.scanStatus } : {}),
  };
}

/** Posts the message of a completed attachment upload; undefined when the issue no longer takes messages. */
export async function postAttachment(tx: Executor, viewer: Viewer, file: FileRow) {
  if (file.issueNumber === null) return undefined;
  const message = await postMessage(
    tx,
    viewer,
    { accountIds: [file.accountId] },
    file.issueNumber,
    "",
    attachmentAttributes(file),
  );
  if (!message) return undefined;
  await tx.update(files).set({ messageIndex: message.index }).where(eq(files.uuid, file.uuid));
  // A reply like any other: the issue's followers are alerted (pushed by pushAttachment).
  const alerts = await raiseReplyAlerts(tx, viewer, file.issueNumber, message.index);
  return { ...message, alerts };
}

/** The attachment's message shows the file as it is now (scan state, type, pin). */
export async function refreshAttachment(tx: Executor, file: FileRow, extra: AttachmentAttributes = {}) {
  if (file.issueNumber === null || file.messageIndex === null) return false;
  await updateMessageAttributes(tx, file.issueNumber, file.messageIndex, {
    ...attachmentAttributes(file),
    ...extra,
  });
  return true;
}

/** "Deleted" (by whom, when), or "Threat detected and deleted" by the scanner: the file is gone. */
export function deletedAttributes(by: { name: string; userId?: number } | "scanner"): AttachmentAttributes {
  const who = by === "scanner" ? { deletedBy: SCANNER_NAME } : { deletedBy: by.name, deletedById: by.userId };
  return { deletedAt: new Date().toISOString(), ...who };
}

export const THREAT_TEXT = FILE_MESSAGES.threatDeleted;

/** After the commit: the message to its conversation, and (when new) the list row that previews it. */
export async function pushAttachment(
  ctx: AppContext,
  file: { issueNumber: number | null; messageIndex: number | null; alerts?: RaisedAlert[] },
  action: "created" | "edited",
  viewerId?: number,
) {
  if (file.issueNumber === null || file.messageIndex === null) return;
  await pushAlerts(ctx.realtime, null, file.alerts ?? []);
  const [message] = await messageRange(ctx.db, file.issueNumber, file.messageIndex, file.messageIndex);
  if (!message) return;
  pushMessage(ctx.realtime, message, message.attributes.deletedAt ? "deleted" : action);
  if (action === "created" && viewerId !== undefined) {
    const item = await getConversation(ctx.db, file.issueNumber, viewerId);
    if (item) await pushConversation(ctx.db, ctx.realtime, item);
  }
}
