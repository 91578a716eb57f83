/**
 * Meetings, todos and summaries (issue 11, docs/API.md): the calls, their query keys and options.
 * Shapes are the shared schemas (packages/shared/src/schemas/meetings.ts, todos.ts, summaries.ts).
 */
import { type GatedFeature, isFeatureAllowed } from "@portico/shared/rules/feature-gating";
import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import type {
  TLogMeetingRequest,
  TMeeting,
  TScheduleMeetingRequest,
  ZMeetingListResponse,
} from "@portico/shared/schemas/meetings";
import type { TSummary } from "@portico/shared/schemas/summaries";
import type {
  TCreateTodoRequest,
  TTodo,
  ZTodoListResponse,
  ZTodoSummary,
  ZUpdateTodoRequest,
} from "@portico/shared/schemas/todos";
import type { z } from "@portico/shared/zod";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";

export type TMeetingList = z.infer<typeof ZMeetingListResponse>;
export type TTodoList = z.infer<typeof ZTodoListResponse>;
export type TTodoSummary = z.infer<typeof ZTodoSummary>;
export type TUpdateTodo = z.input<typeof ZUpdateTodoRequest>;
export type { TMeeting, TSummary, TTodo };

export type MeetingWhen = "upcoming" | "past" | "all";
export type TodoStatus = "open" | "done" | "all";
export interface TodoListParams {
  status: TodoStatus;
  mine: boolean;
  page: number;
}

const issuePath = (n: number) => `/api/chat/issue/${n}`;

export const planningKeys = {
  meetings: ["meetings"] as const,
  issueMeetings: (n: number) => ["meetings", "issue", n] as const,
  meetingList: (when: MeetingWhen, page: number) => ["meetings", "list", when, page] as const,
  todos: ["todos"] as const,
  todoList: (aid: number | null, params: TodoListParams) => ["todos", "list", aid, params] as const,
  todoSummary: (aid: number | null) => ["todos", "summary", aid] as const,
  deployEnv: ["deploy-env"] as const,
};

export const MEETINGS_PAGE_SIZE = 25;
export const TODOS_PAGE_SIZE = 25;

export const meetingsApi = {
  ofIssue: (n: number, signal?: AbortSignal) => api.get<TMeeting[]>(`${issuePath(n)}/meetings`, { signal }),
  schedule: (n: number, body: TScheduleMeetingRequest) =>
    api.post<TMeeting>(`${issuePath(n)}/meetings`, body),
  log: (body: TLogMeetingRequest) => api.post<TMeeting>("/api/chat/log-meeting", body),
  cancel: (n: number, meetingId: number) => api.delete<TMeeting>(`${issuePath(n)}/meetings/${meetingId}`),
  list: (when: MeetingWhen, page: number, signal?: AbortSignal) =>
    api.get<TMeetingList>("/api/chat/meetings", {
      signal,
      query: { when, page, page_size: MEETINGS_PAGE_SIZE },
    }),
};

export const todosApi = {
  list: (params: TodoListParams, signal?: AbortSignal) =>
    api.get<TTodoList>("/api/chat/todos", {
      signal,
      query: {
        status: params.status,
        owner: params.mine ? "me" : undefined,
        page: params.page,
        page_size: TODOS_PAGE_SIZE,
      },
    }),
  /** `aid`: the todo's organization (an issue's account when linked to one). */
  create: (body: TCreateTodoRequest, aid?: number) =>
    api.post<TTodo>("/api/chat/todos", body, aid === undefined ? {} : { aid }),
  /** Addressed in the todo's own organization, whichever one the screen has selected. */
  update: (todo: Pick<TTodo, "id" | "account_id">, body: TUpdateTodo) =>
    api.put<TTodo>(`/api/chat/todos/${todo.id}`, body, { aid: todo.account_id }),
  remove: (todo: Pick<TTodo, "id" | "account_id">) =>
    api.delete<void>(`/api/chat/todos/${todo.id}`, { aid: todo.account_id }),
  summary: (signal?: AbortSignal) => api.get<TTodoSummary>("/api/chat/todos/summary", { signal }),
};

export const summaryApi = {
  summarize: (n: number) => api.post<TSummary>(`${issuePath(n)}/summarize`),
};

export function issueMeetingsQuery(n: number) {
  return queryOptions({
    queryKey: planningKeys.issueMeetings(n),
    queryFn: ({ signal }) => meetingsApi.ofIssue(n, signal),
  });
}

export function meetingListQuery(when: MeetingWhen, page: number) {
  return queryOptions({
    queryKey: planningKeys.meetingList(when, page),
    queryFn: ({ signal }) => meetingsApi.list(when, page, signal),
    placeholderData: (previous) => previous,
  });
}

/* ---------------------------------------------------------------- meeting order */

/** Not cancelled and not ended yet. */
export function isUpcoming(meeting: TMeeting, now = Date.now()): boolean {
  return meeting.cancelled_at === null && Date.parse(meeting.end_time) > now;
}

/** The side panel's order: upcoming ones first (soonest first), then the rest (newest first). */
export function sortMeetings(meetings: readonly TMeeting[], now = Date.now()): TMeeting[] {
  const upcoming = meetings
    .filter((m) => isUpcoming(m, now))
    .sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  const rest = meetings
    .filter((m) => !isUpcoming(m, now))
    .sort((a, b) => Date.parse(b.start_time) - Date.parse(a.start_time));
  return [...upcoming, ...rest];
}

/** "Mon 12 Jan 2026, 14:00–15:00" in the browser's zone (the end's day too when it differs). */
export function meetingWhen(meeting: Pick<TMeeting, "start_time" | "end_time">): string {
  const start = new Date(meeting.start_time);
  const end = new Date(meeting.end_time);
  const day = (d: Date) =>
    d.toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
  const time = (d: Date) => d.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  return day(start) === day(end)
    ? `${day(start)}, ${time(start)}–${time(end)}`
    : `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`;
}

/* ---------------------------------------------------------------- todo gating */

interface DeployEnvAnswer {
  env: string;
}

/** The deployment environment (GET /api/auth/deploy_env), read once per page view. */
export function deployEnvQuery() {
  return queryOptions({
    queryKey: planningKeys.deployEnv,
    queryFn: ({ signal }) =>
      api.get<DeployEnvAnswer>("/api/auth/deploy_env", { signal, auth: false, aid: false, global: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/**
 * Whether a gated feature is offered to the viewer (spec §6, the shared isFeatureAllowed) for
 * `accountId` (default the viewer's organization): "loading" while the user or the environment is
 * unknown; an environment that cannot be read counts as production (fail closed; the server
 * checks every call anyway).
 */
export function useFeatureGate(
  feature: GatedFeature,
  accountId?: number | null,
): "loading" | "allowed" | "denied" {
  const { data: user } = useCurrentUser();
  const env = useQuery(deployEnvQuery());
  if (!user) return "loading";
  const input = {
    feature,
    accountId: accountId === undefined ? user.accountId : accountId,
    isEngineer: user.isEngineer,
    isVendorMember: user.accountId === VENDOR_ACCOUNT_ID,
  };
  if (isFeatureAllowed({ ...input, env: null })) return "allowed";
  if (env.isPending) return "loading";
  return isFeatureAllowed({ ...input, env: env.data?.env ?? null }) ? "allowed" : "denied";
}

export function useTodoGate(): "loading" | "allowed" | "denied" {
  return useFeatureGate("todo");
}

export function useTodosAllowed(): boolean {
  return useTodoGate() === "allowed";
}

export function todoListQuery(aid: number | null, params: TodoListParams) {
  return queryOptions({
    queryKey: planningKeys.todoList(aid, params),
    queryFn: ({ signal }) => todosApi.list(params, signal),
    placeholderData: (previous) => previous,
  });
}

export function todoSummaryQuery(aid: number | null, enabled = true) {
  return queryOptions({
    queryKey: planningKeys.todoSummary(aid),
    queryFn: ({ signal }) => todosApi.summary(signal),
    enabled,
    staleTime: 30_000,
  });
}

/** A todo's place in the conversation: the linked message, else the issue. */
export function todoLink(todo: Pick<TTodo, "issue_number" | "msg_index">): string | null {
  if (todo.issue_number === null) return null;
  return todo.msg_index === null
    ? `/issues/${todo.issue_number}`
    : `/issues/${todo.issue_number}?msgIndex=${todo.msg_index}`;
}
