/**
 * "Send notification" (spec §2.4 account action; issue 17): title, message, the audience
 * (everyone, chosen organizations or chosen users), "Also send by e-mail", a live count of who
 * gets it (POST notices/preview), a confirmation before sending to everyone, then POST notices.
 * Shared by /notifications and the customer page's Actions menu, which opens it with that
 * organization chosen. Texts of the checks are the shared NOTICE_MESSAGES, beside their field.
 */
import {
  NOTICE_MESSAGES,
  type NoticeAudience,
  type TNotice,
  ZSendNoticeRequest,
} from "@portico/shared/schemas/notices";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type RefObject, useRef, useState } from "react";
import { ErrorAlert } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { RadioGroup } from "../../components/ui/radio-group";
import { SwitchField } from "../../components/ui/switch";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { errorMessage, isApiError } from "../../lib/api-client";
import { noticeKeys, noticePreviewQuery, noticesApi, type TNoticeAudience, type TSendNotice } from "./api";
import { previewText, sentText, usersText } from "./format";
import { type Chosen, OrganizationPicker, UserPicker } from "./recipient-picker";

export const SEND_NOTICE_TITLE = "Send notification";

export interface SendNoticeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused on close when the element that opened the dialog has gone (a menu item, say). */
  fallbackFocus?: RefObject<HTMLElement | null> | undefined;
  /** Opened from an organization's page: that organization is chosen to begin with. */
  account?: { account_id: number; company: string } | undefined;
  /** After the server took it (202). */
  onSent?: (notice: TNotice) => void;
}

export function SendNoticeDialog({
  open,
  onOpenChange,
  fallbackFocus,
  account,
  onSent,
}: SendNoticeDialogProps) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{SEND_NOTICE_TITLE}</DialogTitle>
          <DialogDescription>
            It appears in the recipients' alerts (the bell) and, if you choose, in their e-mail.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from a fresh form. */}
        {open && (
          <SendNoticeForm
            account={account}
            onDone={(notice) => {
              onOpenChange(false);
              if (notice) onSent?.(notice);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

type FieldName = "title" | "body" | "recipients";
type Errors = Partial<Record<FieldName, string>>;

const AUDIENCE_OPTIONS = [
  { value: "everyone", label: "Everyone", description: "Every user of Portico, customers and engineers." },
  { value: "accounts", label: "Organizations", description: "Every member of the organizations you choose." },
  { value: "users", label: "Users", description: "Only the users you choose." },
] as const;

const FIELD_OF: Record<string, FieldName> = {
  title: "title",
  body: "body",
  audience: "recipients",
  account_ids: "recipients",
  user_ids: "recipients",
};

/** The field a message of the shared schema (the browser's check or the server's 400) is about. */
function fieldOfMessage(message: string): FieldName | null {
  if (message === NOTICE_MESSAGES.titleRequired || message === NOTICE_MESSAGES.titleTooLong) return "title";
  if (message === NOTICE_MESSAGES.bodyRequired || message === NOTICE_MESSAGES.bodyTooLong) return "body";
  if (
    message === NOTICE_MESSAGES.noRecipients ||
    message === NOTICE_MESSAGES.tooManyAccounts ||
    message === NOTICE_MESSAGES.tooManyUsers ||
    message === NOTICE_MESSAGES.nobodyToReach
  )
    return "recipients";
  return null;
}

function SendNoticeForm({
  account,
  onDone,
}: {
  account: SendNoticeDialogProps["account"];
  onDone: (notice?: TNotice) => void;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [audience, setAudience] = useState<NoticeAudience>(account ? "accounts" : "everyone");
  const [accounts, setAccounts] = useState<Chosen[]>(
    account ? [{ id: account.account_id, label: account.company }] : [],
  );
  const [users, setUsers] = useState<Chosen[]>([]);
  const [sendEmail, setSendEmail] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const returnToSubmit = useReturnFocus(confirming, submitRef);
  /** Set once the server took it: the confirmation's close then closes the dialog too. */
  const sent = useRef<TNotice | null>(null);

  const target: TNoticeAudience = {
    audience,
    account_ids: audience === "accounts" ? accounts.map((a) => a.id) : [],
    user_ids: audience === "users" ? users.map((u) => u.id) : [],
  };
  const someoneChosen =
    audience === "everyone" || target.account_ids.length > 0 || target.user_ids.length > 0;
  const preview = useQuery(noticePreviewQuery(target, someoneChosen));
  const expected =
    someoneChosen && preview.data && !preview.isPlaceholderData ? preview.data.recipients : null;

  const send = useMutation({
    mutationFn: (request: TSendNotice) => noticesApi.send(request),
    onSuccess: (notice) => {
      void queryClient.invalidateQueries({ queryKey: noticeKeys.lists });
      toast.success(sentText(notice, expected));
    },
    onError: (failure) => {
      // The server's check of the same rules goes beside its field, like the browser's own.
      if (!isApiError(failure) || failure.status !== 400) return;
      const field = fieldOfMessage(failure.error);
      if (field) setErrors({ [field]: failure.error });
    },
  });
  const serverFailure =
    send.isError && !(isApiError(send.error) && send.error.status === 400 && fieldOfMessage(send.error.error))
      ? errorMessage(send.error)
      : null;

  const clear = (field: FieldName) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    send.reset();
  };

  const check = (): TSendNotice | null => {
    const parsed = ZSendNoticeRequest.safeParse({ title, body, send_email: sendEmail, ...target });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Errors = {};
    for (const problem of parsed.error.issues) {
      const field = FIELD_OF[String(problem.path[0])];
      if (field) found[field] ??= problem.message;
    }
    setErrors(found);
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = check();
    if (!request) return;
    if (request.audience === "everyone") return setConfirming(true);
    send.mutate(request, { onSuccess: (notice) => onDone(notice) });
  };

  const confirmEveryone = async () => {
    const request = check();
    if (!request) return;
    try {
      sent.current = await send.mutateAsync(request);
    } catch {
      // Shown in the form under the confirmation, which closes so it can be read.
    }
  };

  const changeAudience = (next: NoticeAudience) => {
    setAudience(next);
    clear("recipients");
  };

  let previewLine: string | null = null;
  if (someoneChosen) {
    if (preview.isError)
      // A 400 is one of the shared messages (too many chosen, say): said as it is.
      previewLine =
        preview.error.status === 400
          ? preview.error.error
          : `The recipients could not be counted: ${errorMessage(preview.error)}`;
    else if (!preview.data) previewLine = "Counting the recipients…";
    else if (preview.data.recipients === 0) previewLine = NOTICE_MESSAGES.nobodyToReach;
    else previewLine = previewText(preview.data, sendEmail);
  }

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <TextField
        label="Title"
        autoComplete="off"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          clear("title");
        }}
        hint="The alert's first line in the bell, and the e-mail's subject."
        error={errors.title}
      />
      <TextareaField
        label="Message"
        rows={6}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          clear("body");
        }}
        error={errors.body}
      />
      <RadioGroup
        label="Send to"
        value={audience}
        onValueChange={(value) => changeAudience(value as NoticeAudience)}
        options={AUDIENCE_OPTIONS}
      />
      {audience === "accounts" && (
        <OrganizationPicker
          chosen={accounts}
          onChange={(next) => {
            setAccounts(next);
            clear("recipients");
          }}
          error={errors.recipients}
        />
      )}
      {audience === "users" && (
        <UserPicker
          chosen={users}
          onChange={(next) => {
            setUsers(next);
            clear("recipients");
          }}
          error={errors.recipients}
        />
      )}
      {audience === "everyone" && errors.recipients && (
        <p className="text-sm font-medium text-danger">{errors.recipients}</p>
      )}
      <SwitchField
        label="Also send by e-mail"
        description="To recipients who get e-mail notifications (a setting of their profile)."
        checked={sendEmail}
        onCheckedChange={setSendEmail}
      />
      <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {previewLine}
      </p>
      <ErrorAlert>{serverFailure}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={() => onDone()} disabled={send.isPending}>
          Cancel
        </Button>
        <Button ref={submitRef} type="submit" busy={send.isPending && !confirming}>
          Send
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          if (sent.current) {
            // The dialog closes as well, and gives focus back to what opened it.
            event.preventDefault();
            onDone(sent.current);
          } else returnToSubmit(event);
        }}
        title="Send to everyone?"
        description={
          expected === null
            ? "Every user of Portico gets this notification."
            : `Every user of Portico gets this notification: ${usersText(expected)}.`
        }
        confirmLabel="Send to everyone"
        destructive={false}
        onConfirm={confirmEveryone}
      />
    </form>
  );
}
