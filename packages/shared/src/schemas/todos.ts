/**
 * Todos (spec §3 Todo; §7.2 todos CRUD and summary; `/todos`), gated by the shared
 * isFeatureAllowed("todo") of spec §6 on every call.
 */
import { MAX_ID, parseIsoDate, zId, zIdText, zIntText } from "../validation";
import { z } from "../zod";

export const TODO_TITLE_MAX_LENGTH = 200;
export const TODO_DESCRIPTION_MAX_LENGTH = 4_000;

export const TODO_MESSAGES = {
  titleRequired: "Todo title is required",
  titleTooLong: `Todo title cannot be longer than ${TODO_TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `Description cannot be longer than ${TODO_DESCRIPTION_MAX_LENGTH} characters`,
  dueDate: "Due date must be a date like 2026-12-31",
  msgIndexNeedsIssue: "A message index needs an issue number",
  ownerCannotSee: "The owner must be a member of the organization or an engineer",
  todoNotFound: "Todo not found",
  notAvailable: "Todos are not available for your organization yet",
  nothingToChange: "Give something to change",
} as const;

const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const title = z
  .string({ error: TODO_MESSAGES.titleRequired })
  .trim()
  .min(1, TODO_MESSAGES.titleRequired)
  .max(TODO_TITLE_MAX_LENGTH, TODO_MESSAGES.titleTooLong);
const description = z.string().trim().max(TODO_DESCRIPTION_MAX_LENGTH, TODO_MESSAGES.descriptionTooLong);
/** yyyy-mm-dd (the kit's date picker sends it so); any real date, past ones too. */
const dueDate = z
  .string({ error: TODO_MESSAGES.dueDate })
  .refine((v) => parseIsoDate(v) !== null, TODO_MESSAGES.dueDate);

/** POST /api/chat/todos?aid: a todo of the account acted on. */
export const ZCreateTodoRequest = z
  .object({
    title,
    description: description.default(""),
    owner_id: zId("owner_id").nullish(),
    issue_number: zId("issue_number").nullish(),
    msg_index: zId("msg_index").nullish(),
    due_date: dueDate.nullish(),
  })
  .refine((b) => b.msg_index == null || b.issue_number != null, {
    message: TODO_MESSAGES.msgIndexNeedsIssue,
    path: ["msg_index"],
  });
export type TCreateTodoRequest = z.input<typeof ZCreateTodoRequest>;

/** PUT /api/chat/todos/:todoId: null clears owner or due date. */
export const ZUpdateTodoRequest = z
  .object({
    title: title.optional(),
    description: description.optional(),
    owner_id: zId("owner_id").nullable().optional(),
    due_date: dueDate.nullable().optional(),
    is_done: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), TODO_MESSAGES.nothingToChange);

export const ZTodoParam = z.object({ todoId: zIdText("todoId") });

export const TODO_STATUSES = ["open", "done", "all"] as const;
/** GET /api/chat/todos */
export const ZTodoListQuery = z.object({
  aid: optionalText(zIdText("aid")),
  status: optionalText(z.enum(TODO_STATUSES)).default("open"),
  /** Only this owner's ("me" is the viewer). */
  owner: optionalText(z.union([z.literal("me"), zIdText("owner")])),
  issue_number: optionalText(zIdText("issue_number")),
  page: optionalText(zIntText("page", 1, MAX_ID)).default(1),
  page_size: optionalText(zIntText("page_size", 1, 100)).default(25),
});

const person = z.object({ user_id: z.number().nullable(), name: z.string() });

/** A todo (spec §3): account_id, title, description, owner, issue_number, msg_index, is_done. */
export const ZTodo = z.object({
  id: z.number(),
  account_id: z.number(),
  title: z.string(),
  description: z.string(),
  owner: person.nullable(),
  issue_number: z.number().nullable(),
  msg_index: z.number().nullable(),
  due_date: z.string().nullable(),
  is_done: z.boolean(),
  done_at: z.string().nullable(),
  /** Open and due before today (UTC). */
  overdue: z.boolean(),
  created_by: person,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTodo = z.infer<typeof ZTodo>;

export const ZTodoListResponse = z.object({
  items: z.array(ZTodo),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});

/** GET /api/chat/todos/summary?aid: the shell's count. */
export const ZTodoSummary = z.object({
  open: z.number(),
  overdue: z.number(),
  due_today: z.number(),
  /** Open todos the viewer owns (the shell's badge). */
  mine: z.number(),
});
