/**
 * Focus back where it was after a dialog opened from code (no DialogTrigger) closes: Radix
 * returns focus only to its own trigger, so without this it would fall to the page's start.
 * The element focused when `open` turned true gets it back, or `fallback` when that element
 * has gone meanwhile (an empty state's button replaced by the list it created).
 */
import { type RefObject, useRef } from "react";

export function useReturnFocus(open: boolean, fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Read while rendering the change to open: the dialog has not taken focus yet.
  if (open && !wasOpen.current && typeof document !== "undefined") {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpen.current = open;
  return (event: Event) => {
    const target = opener.current?.isConnected ? opener.current : (fallback?.current ?? null);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
