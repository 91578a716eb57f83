/**
 * Files API (docs/API.md, files): the account's files, edits, deletion, signed download URLs and
 * attachment pins. The account is in the path, so no `aid` is added; attachments take `aid`.
 */
import {
  FILES_PAGE_SIZE_MAX,
  type FileType,
  type TFile,
  type TFileListResponse,
  type TFileUpdate,
  type TSignedUrl,
} from "@portico/shared/schemas/files";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** More files than this are not listed on one screen (the server pages by 100). */
const MAX_PAGES = 50;

const filesPath = (accountId: number) => `/api/accounts/${accountId}/files`;

export const fileKeys = {
  all: ["files"] as const,
  list: (accountId: number, type: FileType | null) => [...fileKeys.all, accountId, type] as const,
  attachmentUrl: (uuid: string, view: boolean) => ["attachment-url", uuid, view] as const,
};

export interface FileList {
  items: TFile[];
  usedBytes: number;
  quotaBytes: number;
}

/** While a file is being scanned the list is read again this often, so its verdict shows up. */
const SCAN_POLL_MS = 3_000;

/** Every file of the account (of one type, or all), read page by page. */
export function filesQuery(accountId: number, type: FileType | null) {
  return queryOptions({
    queryKey: fileKeys.list(accountId, type),
    queryFn: async ({ signal }): Promise<FileList> => {
      const items: TFile[] = [];
      let last: TFileListResponse | undefined;
      for (let page = 1; page <= MAX_PAGES; page++) {
        last = await api.get<TFileListResponse>(filesPath(accountId), {
          signal,
          aid: false,
          query: { type: type ?? undefined, page, page_size: FILES_PAGE_SIZE_MAX },
        });
        items.push(...last.items);
        if (last.items.length < FILES_PAGE_SIZE_MAX || items.length >= last.total) break;
      }
      return { items, usedBytes: last?.used_bytes ?? 0, quotaBytes: last?.quota_bytes ?? 0 };
    },
    refetchInterval: (query) =>
      query.state.data?.items.some((file) => file.scan_status === "SCAN_STARTED") ? SCAN_POLL_MS : false,
  });
}

/** Short-lived signed URLs are asked for just before use; a cached one is used for a minute. */
const SIGNED_URL_STALE_MS = 60_000;

export function attachmentUrlQuery(uuid: string, accountId: number | null, view: boolean) {
  return queryOptions({
    queryKey: fileKeys.attachmentUrl(uuid, view),
    queryFn: ({ signal }) =>
      api.get<TSignedUrl>(`/api/chat/attachment/${uuid}`, {
        signal,
        aid: accountId ?? false,
        query: { is_view: view },
      }),
    staleTime: SIGNED_URL_STALE_MS,
    retry: false,
  });
}

/** Sends the browser to a signed URL: the server answers it as a download (Content-Disposition). */
export function navigateToDownload(url: string): void {
  window.location.assign(url);
}

export const filesApi = {
  update: (accountId: number, uuid: string, body: TFileUpdate) =>
    api.put<TFile>(`${filesPath(accountId)}/${uuid}`, body, { aid: false }),
  remove: (accountId: number, uuid: string) =>
    api.delete<void>(`${filesPath(accountId)}/${uuid}`, { aid: false }),
  downloadUrl: (accountId: number, uuid: string) =>
    api.get<TSignedUrl>(`${filesPath(accountId)}/${uuid}/url`, { aid: false, query: { is_view: false } }),
  attachmentDownloadUrl: (uuid: string, accountId: number | null) =>
    api.get<TSignedUrl>(`/api/chat/attachment/${uuid}`, {
      aid: accountId ?? false,
      query: { is_view: false },
    }),
  pin: (accountId: number, uuid: string) =>
    api.post<void>(`/api/accounts/${accountId}/attachments/${uuid}/pin`, undefined, { aid: false }),
  unpin: (accountId: number, uuid: string) =>
    api.delete<void>(`/api/accounts/${accountId}/attachments/${uuid}/pin`, { aid: false }),
};
