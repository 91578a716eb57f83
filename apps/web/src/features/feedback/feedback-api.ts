/**
 * Feedback (issue 17; contract packages/shared/src/schemas/feedback.ts): sending it (POST
 * feedback, as the selected organization) and the engineers' list (GET feedback). Types only
 * from the contract here: the user menu loads the dialog lazily, so zod stays out of the shell.
 */
import type { TFeedback, TFeedbackPage, TFeedbackRequest } from "@portico/shared/schemas/feedback";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { TFeedback, TFeedbackPage, TFeedbackRequest };

export const FEEDBACK_PAGE_SIZE = 25;

/** What the engineers' list is narrowed by; empty fields are no filter. */
export interface FeedbackFilter {
  q: string;
  rating: number | null;
  accountId: number | null;
  /** yyyy-mm-dd, inclusive. */
  from: string | null;
  to: string | null;
}

export const NO_FEEDBACK_FILTER: FeedbackFilter = {
  q: "",
  rating: null,
  accountId: null,
  from: null,
  to: null,
};

export const feedbackApi = {
  /** The selected organization goes as `aid` (the client adds it). */
  send: (body: TFeedbackRequest) => api.post<TFeedback>("/api/auth/feedback", body),
  list: (filter: FeedbackFilter, page: number, signal?: AbortSignal) =>
    api.get<TFeedbackPage>("/api/auth/feedback", {
      aid: false,
      signal,
      query: {
        q: filter.q || undefined,
        rating: filter.rating ?? undefined,
        account_id: filter.accountId ?? undefined,
        from: filter.from ?? undefined,
        to: filter.to ?? undefined,
        page,
        page_size: FEEDBACK_PAGE_SIZE,
      },
    }),
};

export const feedbackKeys = {
  all: ["feedback"] as const,
  list: (filter: FeedbackFilter, page: number) => [...feedbackKeys.all, filter, page] as const,
};

export const feedbackListQuery = (filter: FeedbackFilter, page: number) =>
  queryOptions({
    queryKey: feedbackKeys.list(filter, page),
    queryFn: ({ signal }) => feedbackApi.list(filter, page, signal),
    placeholderData: keepPreviousData,
  });
