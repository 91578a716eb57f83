/**
 * Edit a file's name, type and document title (PUT accounts/{id}/files/{uuid}). A legal_doc
 * needs its title (§5 "Document title is required."); the server checks the same.
 */

import { type FileType, type TFile, ZFileUpdate } from "@portico/shared/schemas/files";
import { MESSAGES } from "@portico/shared/validation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { fileKeys, filesApi } from "../api";
import { FileTypeField } from "./file-type-field";

type Errors = Partial<Record<"filename" | "title", string>>;

function EditForm({ accountId, file, onDone }: { accountId: number; file: TFile; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [filename, setFilename] = useState(file.filename);
  const [fileType, setFileType] = useState<FileType>(file.file_type);
  const [title, setTitle] = useState(file.title ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: (body: { filename: string; file_type: FileType; title: string | null }) =>
      filesApi.update(accountId, file.uuid, body),
    onSuccess: async () => {
      toast.success("The file has been updated.");
      onDone();
      await queryClient.invalidateQueries({ queryKey: fileKeys.all });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { filename, file_type: fileType, title: title.trim() || null };
    const found: Errors = {};
    const parsed = ZFileUpdate.safeParse(body);
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] === "title" ? "title" : "filename";
      found[field] ??= issue.message;
    }
    if (fileType === "legal_doc" && !body.title) found.title = MESSAGES.documentTitleRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(body);
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="File name"
        value={filename}
        onChange={(event) => setFilename(event.target.value)}
        error={errors.filename}
      />
      <FileTypeField
        value={fileType}
        onChange={setFileType}
        withAttachment={file.file_type === "attachment"}
      />
      <TextField
        label="Document title"
        hint={fileType === "legal_doc" ? "Required for a legal document." : "Optional."}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
      />
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button type="submit" busy={save.isPending}>
          Save changes
        </Button>
      </DialogFooter>
    </form>
  );
}

export function EditFileDialog({
  accountId,
  file,
  onClose,
}: {
  accountId: number;
  /** The file being edited; null when the dialog is closed. */
  file: TFile | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit file</DialogTitle>
          <DialogDescription>{file ? `Rename ${file.filename} or change its type.` : ""}</DialogDescription>
        </DialogHeader>
        {file && <EditForm key={file.uuid} accountId={accountId} file={file} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
