import { useEffect, useState } from "react";
import { fetchImage } from "./api";

export type ImageState = { status: "loading" } | { status: "loaded"; src: string } | { status: "not-found" };

/** Thumbnail states of spec §4: loading, loaded, not found. */
export function useAuthorizedImage(url: string | null): ImageState {
  const [state, setState] = useState<ImageState>({ status: url ? "loading" : "not-found" });

  useEffect(() => {
    if (!url) {
      setState({ status: "not-found" });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: "loading" });
    fetchImage(url, controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        if (!blob) return setState({ status: "not-found" });
        objectUrl = URL.createObjectURL(blob);
        setState({ status: "loaded", src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "not-found" });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);

  return state;
}
