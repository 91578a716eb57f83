import { useEffect } from "react";

/** Names the browser tab after the screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Portico` : "Portico";
  }, [title]);
}
