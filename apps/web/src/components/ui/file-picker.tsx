/**
 * Choose one file by button or by dropping it on the zone. The chosen file is checked at once
 * (`validate`); a refused file is not kept and the reason shows beside the field. Images are
 * previewed, other files show their name and size (never a broken image), and an upload in
 * progress shows a bar. The native input stays in the page (visually hidden) and carries the
 * label, so keyboard and screen-reader users get the browser's own file dialog.
 */
import { formatBytes } from "@portico/shared/rules/units";
import FileText from "lucide-react/icons/file-text";
import Upload from "lucide-react/icons/upload";
import X from "lucide-react/icons/x";
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { buttonVariants } from "./button";
import { FieldError } from "./field";
import { IconButton } from "./icon-button";

export interface FilePickerProps {
  /** The button's text and the input's name ("Upload a picture"). */
  label: string;
  /** MIME types offered by the file dialog (a hint only: `validate` decides). */
  accept?: readonly string[];
  /** Why a file cannot be used, or null when it can. */
  validate?: (file: File) => string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  hint?: ReactNode;
  /** Upload progress in percent, "indeterminate" while sending without figures, null when idle. */
  progress?: number | "indeterminate" | null;
  /** An error from outside (the server's answer); shown like the picker's own. */
  error?: string | undefined;
  /** Text of the preview image. */
  previewAlt?: string;
  disabled?: boolean;
  className?: string;
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

function ChosenFile({
  file,
  previewAlt,
  onRemove,
  disabled,
}: {
  file: File;
  previewAlt: string;
  onRemove: () => void;
  disabled: boolean;
}) {
  const isImage = file.type.startsWith("image/");
  const url = useObjectUrl(isImage ? file : null);
  const [broken, setBroken] = useState(false);
  return (
    <div className="flex items-center gap-3 rounded-md border bg-card p-2">
      {url && !broken ? (
        <img
          src={url}
          alt={previewAlt}
          onError={() => setBroken(true)}
          className="size-12 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <FileText aria-hidden="true" className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1 text-sm">
        <p className="truncate font-medium">{file.name}</p>
        <p className="text-muted-foreground">{formatBytes(file.size)}</p>
      </div>
      <IconButton
        label={`Remove ${file.name}`}
        icon={X}
        size="icon-sm"
        onClick={onRemove}
        disabled={disabled}
      />
    </div>
  );
}

function UploadProgress({ progress }: { progress: number | "indeterminate" }) {
  const known = typeof progress === "number";
  const percent = known ? Math.max(0, Math.min(100, Math.round(progress))) : null;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full bg-primary",
            known ? "transition-[width]" : "w-1/3 animate-pulse",
          )}
          {...(percent !== null ? { style: { width: `${percent}%` } } : {})}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {percent === null ? "Uploading…" : `Uploading… ${percent}%`}
      </p>
    </div>
  );
}

export function FilePicker({
  label,
  accept,
  validate,
  file,
  onFileChange,
  hint,
  progress = null,
  error,
  previewAlt = "Preview of the chosen file",
  disabled = false,
  className,
}: FilePickerProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const shownError = problem ?? error;
  const describedBy = [shownError && `${id}-error`, `${id}-hint`].filter(Boolean).join(" ");

  const choose = (chosen: File | null) => {
    const reason = chosen && validate ? validate(chosen) : null;
    setProblem(reason);
    onFileChange(reason ? null : chosen);
    // Let the same file be chosen again after a refusal or removal.
    if ((reason || !chosen) && input.current) input.current.value = "";
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0] ?? null);
  };

  return (
    <div className={cn("space-y-2", className)}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the button does the same by keyboard */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-5 text-center transition-colors",
          "data-[dragging]:border-primary data-[dragging]:bg-accent",
          shownError && "border-danger",
        )}
      >
        <Upload aria-hidden="true" className="size-5 text-muted-foreground" />
        <input
          ref={input}
          id={id}
          type="file"
          className="peer sr-only"
          disabled={disabled}
          {...(accept ? { accept: accept.join(",") } : {})}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <label
          htmlFor={id}
          // A dimmed label while the picker is off: disabled, as its input is (contrast rules exempt it).
          aria-disabled={disabled || undefined}
          className={cn(
            buttonVariants({ variant: "secondary", size: "sm" }),
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
            disabled && "pointer-events-none opacity-60",
          )}
        >
          {label}
        </label>
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          <p>or drop a file here</p>
          {hint}
        </div>
      </div>
      {file && (
        <ChosenFile file={file} previewAlt={previewAlt} onRemove={() => choose(null)} disabled={disabled} />
      )}
      {progress !== null && <UploadProgress progress={progress} />}
      <FieldError id={`${id}-error`} message={shownError ?? undefined} />
    </div>
  );
}
