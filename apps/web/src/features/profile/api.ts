import type { TProfile } from "@portico/shared/schemas/profile";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { send } from "../../lib/http";
import { getSession } from "../../lib/session";

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: () => api.get<TProfile>("/api/chat/profile", { aid: false }),
});

export const mfaQuery = queryOptions({
  queryKey: ["mfa"],
  queryFn: () => api.get<{ enable_mfa: boolean }>("/api/auth/mfa", { aid: false }),
});

export const profileApi = {
  /** Multipart: the text fields plus an optional `picture` file. */
  save: (form: FormData) => api.post<TProfile>("/api/chat/profile", form, { aid: false }),
  removePicture: () => api.delete<void>("/api/chat/profile/picture", { aid: false }),
  setMfa: (enable: boolean) =>
    api.post<{ enable_mfa: boolean }>("/api/auth/mfa", { enable_mfa: enable }, { aid: false }),
};

/**
 * Loads an image that needs the bearer token (an <img src> cannot send it) as an object URL.
 * Resolves to null when there is no image (404).
 */
export async function fetchImage(url: string, signal?: AbortSignal): Promise<Blob | null> {
  const response = await send(url, {
    token: getSession()?.accessToken ?? null,
    ...(signal ? { signal } : {}),
  });
  if (response.status === 404 || !response.ok) return null;
  return response.blob();
}
