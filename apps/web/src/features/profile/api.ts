import type { ZExpertise } from "@portico/shared/schemas/issue-work";
import type { TProfile } from "@portico/shared/schemas/profile";
import type { z } from "@portico/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

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
  /** Engineers: their one expertise category (null clears it). */
  setExpertise: (userId: number, categoryId: number | null) =>
    api.put<z.infer<typeof ZExpertise>>(
      `/api/users/${userId}/expertise`,
      { category_id: categoryId },
      { aid: false },
    ),
  /** Turning the code off needs the current password (the server checks it). */
  setMfa: (body: { enable_mfa: boolean; current_password?: string }) =>
    api.post<{ enable_mfa: boolean }>("/api/auth/mfa", body, { aid: false }),
};
