/**
 * Files tab: the cluster's newest files (health reports, profiles, perf results, inspect bundles)
 * with download, a link to all files, and "Upload diagnostics" with this cluster filled in.
 */
import { formatBytes } from "@portico/shared/rules/units";
import type { TFile } from "@portico/shared/schemas/files";
import { useQuery } from "@tanstack/react-query";
import Download from "lucide-react/icons/download";
import FileText from "lucide-react/icons/file-text";
import Upload from "lucide-react/icons/upload";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { IconButton } from "../../components/ui/icon-button";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { filesApi, navigateToDownload } from "../files/api";
import { UploadDialog } from "../files/components/upload-dialog";
import { formatWhen } from "../files/format";
import { FILE_TYPE_LABELS } from "../files/labels";
import { clusterFilesQuery } from "./api";

function FileRow({ accountId, file }: { accountId: number; file: TFile }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      navigateToDownload((await filesApi.downloadUrl(accountId, file.uuid)).url);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="cluster-file">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{file.title ?? file.filename}</p>
        <p className="text-xs text-muted-foreground">
          {FILE_TYPE_LABELS[file.file_type]} · {formatBytes(file.size)} · {formatWhen(file.created_at)}
        </p>
      </div>
      <IconButton
        label={`Download ${file.filename}`}
        icon={Download}
        size="icon-sm"
        busy={busy}
        disabled={file.scan_status !== "OK"}
        onClick={() => void download()}
      />
    </li>
  );
}

export function ClusterFiles({ accountId, clusterId }: { accountId: number; clusterId: string }) {
  const files = useQuery(clusterFilesQuery(accountId, clusterId));
  const [uploading, setUploading] = useState(false);
  const uploadButton = (
    <Button variant="secondary" onClick={() => setUploading(true)}>
      <Upload aria-hidden="true" />
      Upload diagnostics
    </Button>
  );
  return (
    <section aria-label="Files" className="space-y-3">
      {files.isPending ? (
        <LoadingRegion label="Loading the cluster's files" className="space-y-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </LoadingRegion>
      ) : files.isError ? (
        <QueryError query={files} />
      ) : files.data.items.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No files for this cluster yet"
          description="Health reports land here; upload a profile, performance result or inspect bundle for an engineer to look at."
          action={uploadButton}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link to="/files" className="text-sm font-medium text-link underline-offset-2 hover:underline">
              All files
            </Link>
            {uploadButton}
          </div>
          <ul aria-label="Recent files" className="divide-y rounded-lg border bg-card">
            {files.data.items.map((file) => (
              <FileRow key={file.uuid} accountId={accountId} file={file} />
            ))}
          </ul>
        </>
      )}
      <UploadDialog
        accountId={accountId}
        open={uploading}
        onOpenChange={setUploading}
        initialClusterId={clusterId}
      />
    </section>
  );
}
