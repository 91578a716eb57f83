/**
 * The account's files in the kit's DataTable: type, title, name, size (KiB…YiB, base 1024, §9),
 * uploader, scan status (§4) and date, with download (clean files only), edit and delete.
 */
import { formatBytes } from "@portico/shared/rules/units";
import type { FileType, TFile } from "@portico/shared/schemas/files";
import { useQueryClient } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../../components/ui/data-table";
import { IconButton } from "../../../components/ui/icon-button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { fileKeys, filesApi, navigateToDownload } from "../api";
import { formatWhen } from "../format";
import { FILE_TYPE_LABELS } from "../labels";
import { EditFileDialog } from "./edit-file-dialog";
import { ScanStatusBadge } from "./scan-status";

const col = dataTableColumns<TFile>();

function FileActions({
  accountId,
  file,
  onEdit,
}: {
  accountId: number;
  file: TFile;
  onEdit: (file: TFile) => void;
}) {
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const { url } = await filesApi.downloadUrl(accountId, file.uuid);
      navigateToDownload(url);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const remove = async () => {
    try {
      await filesApi.remove(accountId, file.uuid);
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success(`${file.filename} has been deleted.`);
    await queryClient.invalidateQueries({ queryKey: fileKeys.all });
  };
  return (
    <div className="flex justify-end gap-0.5">
      <IconButton
        label={`Download ${file.filename}`}
        icon={Download}
        size="icon-sm"
        busy={downloading}
        disabled={file.scan_status !== "OK"}
        onClick={() => void download()}
      />
      <IconButton label={`Edit ${file.filename}`} icon={Pencil} size="icon-sm" onClick={() => onEdit(file)} />
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="icon-sm" aria-label={`Delete ${file.filename}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        }
        title="Delete this file?"
        description={`${file.filename} will be deleted for everyone in the organization. This cannot be undone.`}
        confirmLabel="Delete file"
        onConfirm={remove}
      />
    </div>
  );
}

function columns(accountId: number, onEdit: (file: TFile) => void): DataTableColumn<TFile>[] {
  return [
    col.accessor("file_type", {
      header: "Type",
      cell: (info) => FILE_TYPE_LABELS[info.getValue() as FileType],
    }),
    col.accessor("title", { header: "Title", cell: (info) => info.getValue() ?? "" }),
    col.accessor("filename", {
      header: "Name",
      cell: (info) => (
        <span className="block max-w-64 truncate font-medium" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
    col.accessor("size", {
      header: "Size",
      cell: (info) => formatBytes(info.getValue()),
      meta: { numeric: true },
    }),
    col.accessor((file) => file.uploaded_by.name, { id: "uploaded_by", header: "Uploaded by" }),
    col.accessor("scan_status", {
      header: "Scan status",
      cell: (info) => <ScanStatusBadge status={info.getValue()} scannedAt={info.row.original.scanned_at} />,
      enableSorting: false,
    }),
    col.accessor("created_at", {
      header: "Date",
      cell: (info) => <time dateTime={info.getValue()}>{formatWhen(info.getValue())}</time>,
      sortFn: "datetime",
    }),
    col.display({
      id: "actions",
      // Named for screen readers but not shown; not sr-only, whose absolute box would escape the
      // table's scroller and widen the page on phones.
      header: () => <span className="inline-block size-px overflow-hidden whitespace-nowrap">Actions</span>,
      meta: { label: "Actions" },
      cell: (info) => <FileActions accountId={accountId} file={info.row.original} onEdit={onEdit} />,
      enableHiding: false,
    }),
  ];
}

export function FilesTable({
  accountId,
  files,
  loading,
  empty,
  toolbar,
}: {
  accountId: number;
  files: readonly TFile[];
  loading: boolean;
  empty: ReactNode;
  toolbar: ReactNode;
}) {
  const [editing, setEditing] = useState<TFile | null>(null);
  return (
    <>
      <DataTable
        label="Files"
        columns={columns(accountId, setEditing)}
        data={files}
        getRowId={(file) => file.uuid}
        loading={loading}
        empty={empty}
        toolbar={toolbar}
        initialSorting={[{ id: "created_at", desc: true }]}
      />
      <EditFileDialog accountId={accountId} file={editing} onClose={() => setEditing(null)} />
    </>
  );
}
