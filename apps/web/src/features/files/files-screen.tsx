/**
 * /files (spec §2.2, issue 9): the files of the organization acted on (the shell's organization
 * switcher decides which, for engineers any), filtered by type; upload by button or by dropping a
 * file on the screen. Progress shows in the shell's upload panel, which refreshes this list.
 */
import { formatBytes } from "@portico/shared/rules/units";
import { type FileType, UPLOAD_FILE_TYPES } from "@portico/shared/schemas/files";
import { useQuery } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-2";
import FolderOpen from "lucide-react/icons/folder-open";
import Upload from "lucide-react/icons/upload";
import { useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Select } from "../../components/ui/select";
import { useCurrentUser } from "../../lib/current-user";
import { filesQuery } from "./api";
import { DropZone } from "./components/drop-zone";
import { FilesTable } from "./components/files-table";
import { UploadDialog } from "./components/upload-dialog";
import { FILE_TYPE_LABELS } from "./labels";

const ALL = "all";
const TYPE_FILTER_OPTIONS = [
  { value: ALL, label: "All types" },
  ...UPLOAD_FILE_TYPES.map((type) => ({ value: type, label: FILE_TYPE_LABELS[type] })),
];

function Files({ accountId, company }: { accountId: number; company: string | null }) {
  const [type, setType] = useState<FileType | typeof ALL>(ALL);
  const [upload, setUpload] = useState<{ open: boolean; file: File | null }>({ open: false, file: null });
  const files = useQuery(filesQuery(accountId, type === ALL ? null : type));
  const openUpload = (file: File | null = null) => setUpload({ open: true, file });

  const usage = files.data
    ? `${formatBytes(files.data.usedBytes)} of ${formatBytes(files.data.quotaBytes)} used`
    : null;
  return (
    <>
      <PageHeader
        title="Files"
        description={[company, usage].filter(Boolean).join(" · ") || undefined}
        actions={
          <Button onClick={() => openUpload()}>
            <Upload aria-hidden="true" />
            Upload file
          </Button>
        }
      />
      <DropZone hint="Drop the file to upload it" onFiles={([file]) => openUpload(file ?? null)}>
        {files.isError ? (
          <QueryError query={files} />
        ) : (
          <FilesTable
            accountId={accountId}
            files={files.data?.items ?? []}
            loading={files.isPending}
            toolbar={
              <Select
                aria-label="Filter by type"
                className="w-52"
                options={TYPE_FILTER_OPTIONS}
                value={type}
                onValueChange={(value) => setType(value as FileType | typeof ALL)}
              />
            }
            empty={
              <EmptyState
                icon={FolderOpen}
                title={type === ALL ? "No files yet" : `No ${FILE_TYPE_LABELS[type].toLowerCase()} files`}
                description={
                  <p>
                    Health reports, profiles, performance results, inspect bundles and legal documents go
                    here.
                  </p>
                }
                action={<Button onClick={() => openUpload()}>Upload a file</Button>}
              />
            }
          />
        )}
      </DropZone>
      <UploadDialog
        accountId={accountId}
        open={upload.open}
        initialFile={upload.file}
        onOpenChange={(open) => setUpload((current) => ({ ...current, open }))}
      />
    </>
  );
}

export default function FilesScreen() {
  const user = useCurrentUser();
  if (user.isError) return <QueryError query={user} />;
  const info = user.data;
  if (!info || info.accountId === null) {
    return (
      <>
        <PageHeader title="Files" />
        {info ? (
          <EmptyState
            icon={Building2}
            title="No organization chosen"
            description={<p>Choose an organization at the top of the page to see its files.</p>}
          />
        ) : (
          <FilesTable accountId={0} files={[]} loading toolbar={null} empty={null} />
        )}
      </>
    );
  }
  // A new organization (the switcher) is a new list: nothing of the previous one stays.
  return <Files key={info.accountId} accountId={info.accountId} company={info.companyName} />;
}
