/**
 * Files dropped anywhere on a region (the files screen, a conversation): a pointer shortcut, so
 * every drop zone has a button doing the same by keyboard. While files are dragged over it, the
 * region shows `hint` over its content.
 */
import Upload from "lucide-react/icons/upload";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { cn } from "../../../lib/cn";

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

export function DropZone({
  onFiles,
  hint,
  disabled = false,
  className,
  children,
}: {
  onFiles: (files: File[]) => void;
  hint: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);
  const reset = () => {
    depth.current = 0;
    setDragging(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; a button does the same by keyboard
    <div
      className={cn("relative", className)}
      onDragEnter={(event) => {
        if (disabled || !carriesFiles(event)) return;
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        reset();
        const files = Array.from(event.dataTransfer.files);
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-20 flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-primary bg-background/90 text-sm font-medium">
          <Upload aria-hidden="true" className="size-6 text-primary" />
          {hint}
        </div>
      )}
    </div>
  );
}
