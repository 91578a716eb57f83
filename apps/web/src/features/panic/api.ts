/** Panic API (spec §7.2): may this organization raise a panic, and raise one. */
import { ALERTS } from "@portico/shared/errors";
import type { TIssueDetail } from "@portico/shared/schemas/conversations";
import type { TPanicAllowedResponse, TPanicRequest } from "@portico/shared/schemas/search";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

/** For the organization acted on (the `aid` the API client sends); kept apart per organization. */
export function panicAllowedQuery(aid: number | null) {
  return queryOptions({
    queryKey: ["panic-allowed", aid],
    queryFn: ({ signal }) => api.get<TPanicAllowedResponse>("/api/chat/ispanicallowed", { signal }),
  });
}

/** Answers like POST /api/chat/issue, and fails with its alert (1002). */
export function raisePanic(body: TPanicRequest): Promise<TIssueDetail> {
  return api.post<TIssueDetail>("/api/chat/panic", body, { alert: ALERTS.CREATE_ISSUE });
}
