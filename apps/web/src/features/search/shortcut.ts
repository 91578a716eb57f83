/** The search menu's keyboard shortcut (spec §2.4): Ctrl + / and, on a Mac, Cmd + /. */
import { useEffect, useRef } from "react";

/** For aria-keyshortcuts. */
export const SEARCH_KEYS = "Control+/ Meta+/";

type KeyLike = Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey">;

/**
 * Ctrl or Cmd with "/". The physical Slash key counts too: on layouts where "/" needs Shift
 * (German, say) the key reports "7" or "&", yet the key marked "/" on US keyboards still works.
 */
export function isSearchShortcut(event: KeyLike): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
  return event.key === "/" || event.code === "Slash";
}

/** Calls `onOpen` on the shortcut anywhere in the page, even while typing in a field. */
export function useSearchShortcut(onOpen: () => void): void {
  const ref = useRef(onOpen);
  ref.current = onOpen;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || !isSearchShortcut(event)) return;
      // Browsers have no default for it, but some extensions and editors do.
      event.preventDefault();
      ref.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

/** "⌘ /" on Apple systems, "Ctrl /" elsewhere: what the header button shows. */
export function shortcutLabel(platform: string = navigator.platform): string {
  return /Mac|iPhone|iPad|iPod/.test(platform) ? "⌘ /" : "Ctrl /";
}
