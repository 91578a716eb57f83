/**
 * "Upload file" (spec §2.4 account action modals): a file, its type (§9), a document title for a
 * legal_doc (§5 "Document title is required.") and an optional cluster id. Checked with the
 * server's own metadata schema, then handed to the upload panel, which shows its progress.
 */
import { FILE_MESSAGES, type FileType, ZUploadMetadata } from "@portico/shared/schemas/files";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FilePicker } from "../../../components/ui/file-picker";
import { TextField } from "../../../components/ui/text-field";
import { toWireMetadata } from "../uploads/upload-store";
import { useUploadStore } from "../uploads/use-uploads";
import { FileTypeField } from "./file-type-field";

type Errors = Partial<Record<"file" | "fileType" | "title" | "clusterId", string>>;

const FIELD_OF_KEY: Record<string, keyof Errors> = {
  filename: "file",
  file_type: "fileType",
  title: "title",
  cluster_id: "clusterId",
};

export const CHOOSE_FILE = "Choose a file to upload.";
export const CHOOSE_TYPE = "Choose the file's type.";

function checkFile(file: File): string | null {
  return file.size === 0 ? FILE_MESSAGES.emptyFile : null;
}

interface UploadDialogProps {
  accountId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A file dropped on the screen, chosen already. */
  initialFile?: File | null;
  /** The cluster the file is about, filled in (the cluster page's "Upload diagnostics"). */
  initialClusterId?: string;
}

function UploadForm({
  accountId,
  initialFile,
  initialClusterId,
  onDone,
}: {
  accountId: number;
  initialFile: File | null;
  initialClusterId: string;
  onDone: () => void;
}) {
  const store = useUploadStore();
  const [file, setFile] = useState<File | null>(initialFile);
  const [fileType, setFileType] = useState<FileType | undefined>(undefined);
  const [title, setTitle] = useState("");
  const [clusterId, setClusterId] = useState(initialClusterId);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const metadata = {
      account_id: accountId,
      file_type: fileType ?? ("" as FileType),
      title: fileType === "legal_doc" ? title : undefined,
      cluster_id: clusterId.trim() || undefined,
    };
    const found: Errors = {};
    if (!file) found.file = CHOOSE_FILE;
    if (!fileType) found.fileType = CHOOSE_TYPE;
    const parsed = ZUploadMetadata.safeParse(toWireMetadata(file?.name ?? "file", "", metadata));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = FIELD_OF_KEY[String(issue.path[0])];
      if (field) found[field] ??= issue.message;
    }
    setErrors(found);
    if (!file || !fileType || Object.keys(found).length > 0) return;
    store.start(file, metadata);
    onDone();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FilePicker
        label="Choose a file"
        file={file}
        onFileChange={setFile}
        validate={checkFile}
        error={errors.file}
        hint={
          <p>Health reports, profiles and inspect bundles of any size: the upload resumes if it breaks.</p>
        }
      />
      <FileTypeField value={fileType} onChange={setFileType} error={errors.fileType} />
      {fileType === "legal_doc" && (
        <TextField
          label="Document title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
        />
      )}
      <TextField
        label="Cluster ID"
        hint="Optional: the cluster the file is about."
        value={clusterId}
        onChange={(event) => setClusterId(event.target.value)}
        error={errors.clusterId}
      />
      <DialogFooter>
        <Button type="submit">Upload</Button>
      </DialogFooter>
    </form>
  );
}

export function UploadDialog({
  accountId,
  open,
  onOpenChange,
  initialFile = null,
  initialClusterId = "",
}: UploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload file</DialogTitle>
          <DialogDescription>
            The upload continues while you use other screens; its progress shows in the Uploads panel.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form each time the dialog opens. */}
        {open && (
          <UploadForm
            accountId={accountId}
            initialFile={initialFile}
            initialClusterId={initialClusterId}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
