/**
 * One upload in the panel: name, a progress bar with the percentage, the state line (speed while
 * uploading, the §8 error when it failed) and what can be done now: cancel, retry, resume (the
 * user chooses the same file again after a reload) or remove the finished entry.
 */
import FileUp from "lucide-react/icons/file-up";
import RotateCw from "lucide-react/icons/rotate-cw";
import X from "lucide-react/icons/x";
import { useId, useState } from "react";
import { buttonVariants } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { cn } from "../../../lib/cn";
import { describeEntry } from "./progress";
import type { UploadEntry, UploadStore } from "./upload-store";

const BAR_TONE: Record<UploadEntry["status"], string> = {
  uploading: "bg-primary",
  completed: "bg-success-surface-foreground",
  cancelled: "bg-muted-foreground",
  failed: "bg-danger",
  interrupted: "bg-warning-surface-foreground",
};

export function ProgressBar({ label, percent, tone }: { label: string; percent: number; tone: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className="h-1.5 overflow-hidden rounded-full bg-muted"
    >
      <div className={cn("h-full rounded-full transition-[width]", tone)} style={{ width: `${percent}%` }} />
    </div>
  );
}

function ResumeInput({ entry, store }: { entry: UploadEntry; store: UploadStore }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <input
        id={id}
        type="file"
        className="peer sr-only"
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) setProblem(store.resume(entry.id, file));
        }}
      />
      <label
        htmlFor={id}
        aria-label={`Resume upload of ${entry.filename}`}
        className={cn(
          buttonVariants({ variant: "secondary", size: "sm" }),
          "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
        )}
      >
        Resume
      </label>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="basis-full text-xs font-medium text-danger">
          {problem}
        </p>
      )}
    </>
  );
}

export function UploadEntryRow({ entry, store }: { entry: UploadEntry; store: UploadStore }) {
  const { filename, status } = entry;
  const finished = status === "completed" || status === "cancelled" || status === "failed";
  return (
    <li aria-label={filename} className="space-y-1.5 px-3 py-2.5" data-status={status}>
      <div className="flex flex-wrap items-center gap-2">
        <FileUp aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <p className="min-w-0 flex-1 truncate text-sm font-medium" title={filename}>
          {filename}
        </p>
        {status === "interrupted" && <ResumeInput entry={entry} store={store} />}
        {(status === "failed" || status === "cancelled") && (
          <IconButton
            label={`Retry upload of ${filename}`}
            icon={RotateCw}
            size="icon-sm"
            onClick={() => store.retry(entry.id)}
          />
        )}
        {(status === "uploading" || status === "interrupted") && (
          <IconButton
            label={`Cancel upload of ${filename}`}
            icon={X}
            size="icon-sm"
            onClick={() => void store.cancel(entry.id)}
          />
        )}
        {finished && (
          <IconButton
            label={`Remove ${filename} from the list`}
            icon={X}
            size="icon-sm"
            onClick={() => store.dismiss(entry.id)}
          />
        )}
      </div>
      <ProgressBar label={`Upload of ${filename}`} percent={entry.percent} tone={BAR_TONE[status]} />
      <p className={cn("text-xs", status === "failed" ? "font-medium text-danger" : "text-muted-foreground")}>
        {describeEntry(entry)}
      </p>
    </li>
  );
}
