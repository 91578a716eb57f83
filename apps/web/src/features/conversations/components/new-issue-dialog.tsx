/**
 * "New issue": title and first message; customers open it for the organization they act for,
 * engineers pick the organization. A failure shows the spec §8 alert (1002) in the dialog.
 */
import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { ZCreateIssueRequest } from "@portico/shared/schemas/conversations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/ui/alert";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { TextareaField, TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { organizationSearchQuery } from "../../../lib/organizations";
import { usePersisted } from "../../../lib/persisted-store";
import { isRestricted, RestrictedReason } from "../../subscription/restriction";
import { issueKeys, issuesApi } from "../api";

type Errors = Partial<Record<"title" | "message" | "accountId", string>>;

function OrganizationField({
  value,
  onChange,
  error,
  fallbackLabel,
}: {
  value: number | null;
  onChange: (id: number) => void;
  error: string | undefined;
  fallbackLabel: string | undefined;
}) {
  const [search, setSearch] = useState("");
  const organizations = useQuery(organizationSearchQuery(search));
  const options = (organizations.data?.items ?? []).map((a) => ({
    value: String(a.account_id),
    label: a.company,
  }));
  return (
    <Field label="Organization" error={error}>
      {(control) => (
        <Combobox
          {...control}
          options={options}
          value={value === null ? null : String(value)}
          selectedLabel={options.find((o) => o.value === String(value))?.label ?? fallbackLabel}
          onValueChange={(v) => onChange(Number(v))}
          onSearchChange={setSearch}
          loading={organizations.isFetching && !organizations.data}
          placeholder="Choose an organization"
          searchPlaceholder="Search organizations…"
          emptyText="No organization matches."
        />
      )}
    </Field>
  );
}

/** What a screen opens the dialog with, e.g. the cluster page's failing checks. */
export interface NewIssuePrefill {
  title: string;
  message: string;
  accountId: number;
  clusterId?: string;
}

export function NewIssueDialog({
  user,
  label = "New issue",
  prefill,
  variant,
}: {
  user: TUserInfo;
  label?: string;
  /** Read each time the dialog opens; its clusterId is sent with the issue. */
  prefill?: () => NewIssuePrefill;
  variant?: ButtonVariant;
}) {
  const [open, setOpen] = useState(false);
  const [selected] = usePersisted("selectedAccountId");
  const [accountId, setAccountId] = useState<number | null>(selected ?? user.accountId);
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [clusterId, setClusterId] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reasonId = useId();

  const create = useMutation({
    mutationFn: issuesApi.create,
    onSuccess: (detail) => {
      void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
      setOpen(false);
      setTitle("");
      setMessage("");
      toast.success(`Issue #${detail.conversation.issue.issue_number} opened.`);
      navigate(`/issues/${detail.conversation.issue.issue_number}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateIssueRequest.safeParse({ title, message, accountId: accountId ?? undefined });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        found[field] ??= field === "accountId" ? "Choose an organization" : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate({ title, message, accountId: parsed.data.accountId, clusterId });
  };

  if (isRestricted(user)) {
    return (
      <div className="flex max-w-sm flex-col items-start gap-1.5">
        <Button variant={variant} disabled aria-describedby={reasonId}>
          <Plus aria-hidden="true" />
          {label}
        </Button>
        <RestrictedReason id={reasonId} />
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) return;
        create.reset();
        if (prefill) {
          const initial = prefill();
          setAccountId(initial.accountId);
          setTitle(initial.title);
          setMessage(initial.message);
          setClusterId(initial.clusterId);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant={variant}>
          <Plus aria-hidden="true" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New issue</DialogTitle>
          <DialogDescription>Tell us what happened; an engineer answers here.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={submit} noValidate>
          {user.isEngineer && (
            <OrganizationField
              value={accountId}
              onChange={setAccountId}
              error={errors.accountId}
              fallbackLabel={user.companyName ?? undefined}
            />
          )}
          <TextField
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={errors.title}
          />
          <TextareaField
            label="Message"
            rows={6}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errors.message}
            hint="Markdown works: **bold**, `code`, lists and links."
          />
          <ErrorAlert>{create.isError ? errorMessage(create.error) : null}</ErrorAlert>
          <DialogFooter>
            <Button type="submit" busy={create.isPending}>
              Open issue
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
