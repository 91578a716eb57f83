import { useEffect } from "react";

/** Names the browser tab after the screen; null leaves the name to another component. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · Portico` : "Portico";
  }, [title]);
}
