/**
 * Images that need the bearer token (profile pictures): an <img src> cannot send it, so the
 * image is fetched and shown through an object URL. States of spec §4: loading, loaded, not found.
 */
import { useEffect, useState } from "react";
import { send } from "./http";
import { getSession } from "./session";

export type ImageState = { status: "loading" } | { status: "loaded"; src: string } | { status: "not-found" };

/** The image as a Blob, or null when there is none (404) or it cannot be read. */
export async function fetchImage(url: string, signal?: AbortSignal): Promise<Blob | null> {
  const response = await send(url, {
    token: getSession()?.accessToken ?? null,
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) return null;
  return response.blob();
}

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
