/**
 * The search menu (spec §2.4): a button in the shell's top bar and Ctrl/Cmd + / anywhere open it.
 * On wide screens it is a panel near the top; on phones it fills the screen ("mobile search").
 * Its content is a chunk of its own, fetched the first time the menu opens.
 */
import SearchIcon from "lucide-react/icons/search";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { SEARCH_KEYS, shortcutLabel, useSearchShortcut } from "./shortcut";

const SearchPanel = lazy(() => import("./search-panel"));

function PanelSkeleton() {
  return (
    <LoadingRegion label="Loading search" className="space-y-3 p-4">
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-2/3" />
    </LoadingRegion>
  );
}

export function SearchMenu({ isEngineer }: { isEngineer: boolean }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useSearchShortcut(() => setOpen(true));

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          aria-keyshortcuts={SEARCH_KEYS}
          className="size-9 px-0 text-muted-foreground md:w-52 md:justify-start md:px-3 lg:w-64"
        >
          <SearchIcon aria-hidden="true" />
          <span className="sr-only md:not-sr-only">Search</span>
          {/* The shortcut is in aria-keyshortcuts; shown, it would only repeat itself. */}
          <span
            aria-hidden="true"
            className="ml-auto hidden rounded border bg-muted px-1.5 font-sans text-xs text-muted-foreground lg:inline"
          >
            {shortcutLabel()}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        closeLabel="Close search"
        className={
          // Phones: the whole screen. Wider: a panel in the upper part, like a command palette.
          "top-0 left-0 flex h-dvh max-h-dvh w-full max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 p-0 " +
          "sm:top-[8vh] sm:left-1/2 sm:h-auto sm:max-h-[80vh] sm:w-[calc(100%-2rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:rounded-lg sm:border"
        }
      >
        <DialogTitle className="sr-only">Search</DialogTitle>
        <DialogDescription className="sr-only">
          Search issue titles and messages. Arrow keys move through the results, Enter opens one.
        </DialogDescription>
        <Suspense fallback={<PanelSkeleton />}>
          <SearchPanel
            isEngineer={isEngineer}
            onOpen={(path) => {
              setOpen(false);
              navigate(path);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
