/**
 * Licences (issue 13): the organization's current licence and its history, issuing one
 * (engineers), and trial licences for prospects (engineers). Shapes are the shared schemas
 * (packages/shared/src/schemas/licences.ts).
 */
import type {
  TCreateTrialLicenceRequest,
  TLicence,
  TTrialLicence,
  ZIssueLicenceRequest,
  ZLicenceList,
  ZTrialLicenceList,
} from "@portico/shared/schemas/licences";
import type { z } from "@portico/shared/zod";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";
import { downloadFile } from "../../lib/download";

export type { TLicence, TTrialLicence };
export type TLicenceList = z.infer<typeof ZLicenceList>;
export type TTrialLicenceList = z.infer<typeof ZTrialLicenceList>;
export type TIssueLicence = z.input<typeof ZIssueLicenceRequest>;

export const licenceKeys = {
  all: ["licences"] as const,
  current: (accountId: number) => ["licences", accountId, "current"] as const,
  history: (accountId: number) => ["licences", accountId, "history"] as const,
  trials: (page: number, q: string) => ["licences", "trials", page, q] as const,
};

/** Slugs an organization's name for a file name ("Acme Corp." → "acme-corp"). */
export function fileSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "portico"
  );
}

export const licencesApi = {
  /** The current licence, or null when the organization has none (404). */
  current: async (accountId: number, signal?: AbortSignal): Promise<TLicence | null> => {
    try {
      return await api.get<TLicence>("/api/auth/license", { aid: accountId, signal });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },
  history: (accountId: number, signal?: AbortSignal) =>
    api.get<TLicenceList>("/api/auth/licences", { aid: accountId, signal }),
  download: (accountId: number, organization: string) =>
    downloadFile("/api/auth/license/download", {
      aid: accountId,
      fallbackName: `${fileSlug(organization)}-licence.jwt`,
    }),
  issue: (accountId: number, body: TIssueLicence) =>
    api.post<TLicence>(`/api/auth/accounts/${accountId}/licence`, body, { aid: false }),
  trials: (page: number, q: string, signal?: AbortSignal) =>
    api.get<TTrialLicenceList>("/api/auth/trial_licenses", {
      aid: false,
      signal,
      query: { page, q: q || undefined },
    }),
  createTrial: (body: TCreateTrialLicenceRequest) =>
    api.post<TTrialLicence>("/api/auth/trial_licenses", body, { aid: false }),
  exportTrials: () =>
    downloadFile("/api/auth/trial_licenses/export", { aid: false, fallbackName: "trial-licences.csv" }),
};

export const currentLicenceQuery = (accountId: number) =>
  queryOptions({
    queryKey: licenceKeys.current(accountId),
    queryFn: ({ signal }) => licencesApi.current(accountId, signal),
  });

export const licenceHistoryQuery = (accountId: number) =>
  queryOptions({
    queryKey: licenceKeys.history(accountId),
    queryFn: ({ signal }) => licencesApi.history(accountId, signal),
  });

export const trialLicencesQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: licenceKeys.trials(page, q),
    queryFn: ({ signal }) => licencesApi.trials(page, q, signal),
    placeholderData: keepPreviousData,
  });
