/**
 * The one upload panel, mounted by the app shell so uploads carry on while the user moves
 * between screens. It lists every upload of the tab, offers Resume for those an earlier page
 * left unfinished, and refreshes the files lists when an upload completes.
 */
import { useQueryClient } from "@tanstack/react-query";
import ChevronDown from "lucide-react/icons/chevron-down";
import ChevronUp from "lucide-react/icons/chevron-up";
import { useEffect, useState } from "react";
import { IconButton } from "../../../components/ui/icon-button";
import { fileKeys } from "../api";
import { UploadEntryRow } from "./upload-entry";
import { useUploadEntries, useUploadStore } from "./use-uploads";

function summary(entries: readonly { status: string }[]): string {
  const active = entries.filter((e) => e.status === "uploading").length;
  const waiting = entries.filter((e) => e.status === "interrupted").length;
  if (active > 0) return `${active} uploading`;
  if (waiting > 0) return `${waiting} to resume`;
  return "All done";
}

export default function UploadPanel() {
  const store = useUploadStore();
  const entries = useUploadEntries();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);

  useEffect(() => {
    void store.restoreInterrupted();
  }, [store]);
  useEffect(
    () => store.onCompleted(() => void queryClient.invalidateQueries({ queryKey: fileKeys.all })),
    [store, queryClient],
  );
  // A new upload shows itself even when the panel was folded.
  const count = entries.length;
  useEffect(() => {
    if (count > 0) setOpen(true);
  }, [count]);

  if (count === 0) return null;
  return (
    <section
      aria-label="Uploads"
      className="fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-popover text-popover-foreground shadow-lg"
    >
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <h2 className="text-sm font-semibold">Uploads</h2>
        <p aria-live="polite" className="flex-1 text-xs text-muted-foreground">
          {summary(entries)}
        </p>
        <IconButton
          label={open ? "Hide uploads" : "Show uploads"}
          icon={open ? ChevronDown : ChevronUp}
          size="icon-sm"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        />
      </div>
      {open && (
        <ul className="max-h-72 divide-y overflow-y-auto">
          {entries.map((entry) => (
            <UploadEntryRow key={entry.id} entry={entry} store={store} />
          ))}
        </ul>
      )}
    </section>
  );
}
