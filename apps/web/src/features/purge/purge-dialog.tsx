/**
 * "Purge account" of the customer page's Actions menu (spec §2.4): what a purge would remove
 * (GET purge-info), why it is refused when it is (the submit stays disabled), the organization's
 * name typed as confirmation and an optional reason; "Purge organization" starts it (202) and
 * goes to /purgeview, where it is followed.
 */
import { PURGE_MESSAGES } from "@portico/shared/schemas/purge";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import type { ApiError } from "../../lib/http";
import {
  type ActionAccount,
  ActionDialog,
  type ActionDialogProps,
  FormFooter,
} from "../customers/account-actions/dialog-parts";
import { customerKeys } from "../customers/account-api";
import { countEntries, purgeApi, purgeInfoQuery, purgeKeys, type TPurgeInfo } from "./purge-api";

export const PURGE_DESCRIPTION =
  "Everything of this organization is removed for good: its users who belong to no other organization, issues, files, clusters, tokens, licences and billing records. Only a record of what was removed is kept. This cannot be undone.";

export function PurgeAccountDialog({ account, ...dialog }: ActionDialogProps & { account: ActionAccount }) {
  return (
    <ActionDialog {...dialog} title={`Purge ${account.company}?`} description={PURGE_DESCRIPTION}>
      <PurgeForm account={account} onDone={() => dialog.onOpenChange(false)} />
    </ActionDialog>
  );
}

function PurgeContents({ info }: { info: TPurgeInfo }) {
  // What is there to remove: the kinds with none are left out.
  const entries = countEntries(info.contents).filter((entry) => (info.contents[entry.key] ?? 0) > 0);
  return (
    <section aria-labelledby="purge-contents" className="space-y-2">
      <h3 id="purge-contents" className="text-sm font-medium">
        What will be removed
      </h3>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing but the organization itself.</p>
      ) : (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
          {entries.map((entry) => (
            <div key={entry.key} className="contents">
              <dt className="text-muted-foreground">{entry.label}</dt>
              <dd className="text-right font-medium tabular-nums">{entry.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function PurgeForm({ account, onDone }: { account: ActionAccount; onDone: () => void }) {
  const info = useQuery(purgeInfoQuery(account.account_id));
  const [company, setCompany] = useState("");
  const [reason, setReason] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const purge = useMutation<unknown, ApiError, { company: string; reason?: string }>({
    mutationFn: (body) => purgeApi.start(account.account_id, body),
  });

  if (info.isError) return <QueryError query={info} />;
  if (info.isPending)
    return (
      <LoadingRegion label="Loading what would be removed" className="space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-9 w-full" />
      </LoadingRegion>
    );

  const allowed = info.data.allowed;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!allowed) return;
    if (company.trim() !== info.data.company) return setNameError(PURGE_MESSAGES.confirmMismatch);
    const why = reason.trim();
    purge.mutate(
      { company: company.trim(), ...(why ? { reason: why } : {}) },
      {
        onSuccess: async () => {
          toast.success(`${info.data.company} is being purged.`);
          onDone();
          queryClient.removeQueries({ queryKey: customerKeys.account(account.account_id) });
          await queryClient.invalidateQueries({ queryKey: purgeKeys.all });
          void queryClient.invalidateQueries({ queryKey: customerKeys.all });
          navigate("/purgeview");
        },
      },
    );
  };
  const refusedName =
    purge.isError && purge.error.status === 400 && purge.error.error === PURGE_MESSAGES.confirmMismatch;
  const reasonError =
    purge.isError && purge.error.status === 400 && purge.error.error === PURGE_MESSAGES.reasonTooLong
      ? purge.error.error
      : undefined;
  const otherError = purge.isError && !refusedName && !reasonError ? errorMessage(purge.error) : null;

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <PurgeContents info={info.data} />
      {!allowed && <ErrorAlert>{info.data.reason ?? "This organization cannot be purged now."}</ErrorAlert>}
      <TextField
        label="Organization name"
        autoComplete="off"
        spellCheck={false}
        value={company}
        disabled={!allowed}
        hint={
          <>
            Type <strong className="font-semibold text-foreground">{info.data.company}</strong> to confirm.
          </>
        }
        onChange={(event) => {
          setCompany(event.target.value);
          setNameError(undefined);
          purge.reset();
        }}
        error={nameError ?? (refusedName ? PURGE_MESSAGES.confirmMismatch : undefined)}
      />
      <TextareaField
        label="Reason (optional)"
        rows={3}
        maxLength={500}
        value={reason}
        disabled={!allowed}
        onChange={(event) => setReason(event.target.value)}
        error={reasonError}
      />
      <ErrorAlert>{otherError}</ErrorAlert>
      <FormFooter
        onCancel={onDone}
        submitLabel="Purge organization"
        busy={purge.isPending}
        danger
        disabled={!allowed}
      />
    </form>
  );
}
