/**
 * Attachments of one conversation: the issue and its account (pins and attachment URLs name the
 * account), and whether the viewer may post there. The scope is also a drop zone: files dropped
 * anywhere on the conversation are attached, like those chosen with the Attach button or pasted.
 */
import { FILE_MESSAGES } from "@portico/shared/schemas/files";
import { createContext, type ReactNode, useCallback, useContext } from "react";
import { toast } from "../../../components/ui/toast";
import { DropZone } from "../components/drop-zone";
import { useUploadStore } from "../uploads/use-uploads";

interface Scope {
  issueNumber: number;
  accountId: number;
  /** The viewer may post in the issue now (not archived, allowed). */
  canAttach: boolean;
}

const AttachmentScopeContext = createContext<Scope | null>(null);

export function useAttachmentScope(): Scope | null {
  return useContext(AttachmentScopeContext);
}

/** Starts one upload per file as an attachment of the scope's issue; the panel shows them. */
export function useAttach(): ((files: readonly File[]) => void) | null {
  const scope = useAttachmentScope();
  const store = useUploadStore();
  const attach = useCallback(
    (files: readonly File[]) => {
      if (!scope) return;
      for (const file of files) {
        if (file.size === 0) {
          toast.error(`${file.name}: ${FILE_MESSAGES.emptyFile}`);
          continue;
        }
        store.start(file, {
          account_id: scope.accountId,
          file_type: "attachment",
          issue_number: scope.issueNumber,
        });
      }
    },
    [scope, store],
  );
  return scope?.canAttach ? attach : null;
}

function ScopeDropZone({ children, className }: { children: ReactNode; className?: string | undefined }) {
  const attach = useAttach();
  return (
    <DropZone
      hint="Drop files to attach them to the conversation"
      disabled={attach === null}
      onFiles={(files) => attach?.(files)}
      className={className}
    >
      {children}
    </DropZone>
  );
}

export function AttachmentScope({
  issueNumber,
  accountId,
  canAttach,
  className,
  children,
}: Scope & { className?: string; children: ReactNode }) {
  return (
    <AttachmentScopeContext value={{ issueNumber, accountId, canAttach }}>
      <ScopeDropZone className={className}>{children}</ScopeDropZone>
    </AttachmentScopeContext>
  );
}
