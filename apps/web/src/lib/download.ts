/**
 * Downloads of answers that are files (the licence, the trial CSV, the customer list). A link cannot send the bearer
 * token, so the file is fetched with it and saved through an object URL under the name the
 * server gives (Content-Disposition), or `fallbackName`.
 */
import { errorFromResponse, type Query, send } from "./http";
import { persistedStore } from "./persisted-store";
import { getSession } from "./session";

function fileNameOf(response: Response, fallbackName: string): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed encoding: the plain name or the fallback serves.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
}

/** Offers `blob` to the user as a file named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface DownloadOptions {
  query?: Query;
  /** Account acted on; default the selected organization, false sends none. */
  aid?: number | false;
  fallbackName: string;
}

/** GETs `path` with the session's token and saves the answer; throws ApiError when refused. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const aid = options.aid === false ? null : (options.aid ?? persistedStore.get("selectedAccountId"));
  const response = await send(path, {
    token: getSession()?.accessToken ?? null,
    aid,
    ...(options.query ? { query: options.query } : {}),
  });
  if (!response.ok) throw await errorFromResponse(response);
  const name = fileNameOf(response, options.fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}
