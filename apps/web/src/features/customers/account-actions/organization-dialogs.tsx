/**
 * The organization's own actions (spec §2.4): edit org name (update-organization-name, checked
 * live like a new name), edit org details and edit notes link (POST accounts/:id with the version
 * read: a 409 says someone else saved first, with Reload), disable org / enable org and delete
 * an empty organization (confirmations).
 */
import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import { CUSTOMER_MESSAGES, ZUpdateAccountDetailsRequest } from "@portico/shared/schemas/customers";
import { organizationName } from "@portico/shared/validation";
import { useQueryClient } from "@tanstack/react-query";
import RotateCw from "lucide-react/icons/rotate-cw";
import { type FormEvent, Fragment, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorAlert } from "../../../components/ui/alert";
import { ConfirmDialog } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { useReturnFocus } from "../../../components/ui/use-return-focus";
import { errorMessage } from "../../../lib/api-client";
import { useOrganizationNameCheck } from "../../organizations/use-organization-name-check";
import { PROVIDER_LABELS } from "../../subscription/subscription-parts";
import { customerKeys, type TCustomerDetail } from "../account-api";
import { actionsApi, isStale, type TUpdateAccountDetails, useAccountAction } from "./actions-api";
import { ActionDialog, type ActionDialogProps, FormFooter } from "./dialog-parts";

type OrgDialogProps = ActionDialogProps & { account: TCustomerDetail };

/** Saving what is already there makes no call, but says so. */
function nothingChanged(onDone: () => void) {
  toast("Nothing changed.");
  onDone();
}

export const NAME_RULE = "Letters, digits and hyphens; 2 to 63 characters.";

export function EditNameDialog({ account, ...dialog }: OrgDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Edit organization name"
      description={`Rename ${account.company}. ${NAME_RULE}`}
    >
      <EditNameForm account={account} onDone={() => dialog.onOpenChange(false)} />
    </ActionDialog>
  );
}

function EditNameForm({ account, onDone }: { account: TCustomerDetail; onDone: () => void }) {
  const [name, setName] = useState(account.company);
  const [shownError, setShownError] = useState<string | null>(null);
  const unchanged = name.trim() === account.company;
  const check = useOrganizationNameCheck(unchanged ? "" : name);
  const rename = useAccountAction((next: string) => actionsApi.rename(account.account_id, next), {
    refreshViewer: true,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = organizationName.safeParse(name);
    if (!parsed.success) return setShownError(parsed.error.issues[0]?.message ?? null);
    const next = parsed.data;
    if (unchanged) return nothingChanged(onDone);
    rename.mutate(next, {
      onSuccess: () => {
        toast.success(`${account.company} is now ${next}.`);
        onDone();
      },
    });
  };
  const nameError =
    shownError ??
    (check.state === "unavailable" ? check.message : null) ??
    (rename.isError && [400, 409].includes(rename.error.status ?? 0) ? rename.error.error : undefined);
  const otherError = rename.isError && !nameError ? errorMessage(rename.error) : null;
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <TextField
        label="Organization name"
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setShownError(null);
          rename.reset();
        }}
        hint={
          <span aria-live="polite">
            {check.state === "checking"
              ? "Checking availability…"
              : check.state === "available"
                ? "This name is available."
                : NAME_RULE}
          </span>
        }
        error={nameError ?? undefined}
      />
      <ErrorAlert>{otherError}</ErrorAlert>
      <FormFooter onCancel={onDone} submitLabel="Save name" busy={rename.isPending} />
    </form>
  );
}

/** The 409 of a concurrent edit, in the contract's words, with the way out: read the organization again. */
function StaleAlert({ accountId, onReload }: { accountId: number; onReload: () => void }) {
  const queryClient = useQueryClient();
  const [reloading, setReloading] = useState(false);
  return (
    <ErrorAlert>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>{CUSTOMER_MESSAGES.stale}</span>
        <Button
          variant="secondary"
          size="sm"
          busy={reloading}
          onClick={async () => {
            setReloading(true);
            await queryClient.refetchQueries({ queryKey: customerKeys.detail(accountId) });
            setReloading(false);
            onReload();
          }}
        >
          {!reloading && <RotateCw aria-hidden="true" />}
          Reload
        </Button>
      </div>
    </ErrorAlert>
  );
}

/**
 * A form that Reload starts again, from the account as it is now: it is remounted once the page
 * has the new version. Not keyed on the version alone: a successful save changes it too, and the
 * saving form must stay mounted to give its feedback and close.
 */
function Reloadable({
  version,
  children,
}: {
  version: number;
  children: (onReload: () => void) => ReactNode;
}) {
  const [shown, setShown] = useState(version);
  const [reloading, setReloading] = useState(false);
  if (reloading && version !== shown) {
    setShown(version);
    setReloading(false);
  }
  return <Fragment key={shown}>{children(() => setReloading(true))}</Fragment>;
}

/** POST accounts/:id with the version read; the form starts again from the fresh account after Reload. */
function useDetailsUpdate(account: TCustomerDetail) {
  return useAccountAction((body: Omit<TUpdateAccountDetails, "version">) =>
    actionsApi.updateDetails(account.account_id, { ...body, version: account.version }),
  );
}

export function EditDetailsDialog({ account, ...dialog }: OrgDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Edit organization details"
      description={`Support, trial, currency and payment provider of ${account.company}.`}
    >
      <Reloadable version={account.version}>
        {(onReload) => (
          <EditDetailsForm account={account} onReload={onReload} onDone={() => dialog.onOpenChange(false)} />
        )}
      </Reloadable>
    </ActionDialog>
  );
}

type Currency = NonNullable<TCustomerDetail["currency_code"]>;
type Provider = NonNullable<TCustomerDetail["subscription_provider"]>;

interface ReloadableFormProps {
  account: TCustomerDetail;
  /** After Reload: the form starts again from the account as it is now. */
  onReload: () => void;
  onDone: () => void;
}

function EditDetailsForm({ account, onReload, onDone }: ReloadableFormProps) {
  const [hasSupport, setHasSupport] = useState(account.account_type.hasSupport);
  const [isTrial, setIsTrial] = useState(account.is_trial);
  const [currency, setCurrency] = useState(account.currency_code);
  const [provider, setProvider] = useState(account.subscription_provider);
  const update = useDetailsUpdate(account);
  const vendor = account.account_id === VENDOR_ACCOUNT_ID;
  // Billing fixes both once the organization has subscribed; the server has the last word.
  const billingFixed = account.subscription !== null;

  const changes: Omit<TUpdateAccountDetails, "version"> = {
    ...(hasSupport !== account.account_type.hasSupport ? { has_support: hasSupport } : {}),
    ...(isTrial !== account.is_trial ? { is_trial: isTrial } : {}),
    ...(currency && currency !== account.currency_code ? { currency_code: currency } : {}),
    ...(provider && provider !== account.subscription_provider ? { subscription_provider: provider } : {}),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(changes).length === 0) return nothingChanged(onDone);
    update.mutate(changes, {
      onSuccess: () => {
        toast.success(`The details of ${account.company} were saved.`);
        onDone();
      },
    });
  };
  const fixedHint = billingFixed ? "Fixed once the organization has subscribed." : undefined;
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <CheckboxField
        label="Support included"
        checked={hasSupport}
        disabled={vendor}
        onCheckedChange={(checked) => setHasSupport(checked === true)}
      />
      <CheckboxField
        label="Trial organization"
        checked={isTrial}
        disabled={vendor}
        onCheckedChange={(checked) => setIsTrial(checked === true)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Currency" hint={fixedHint}>
          {(control) => (
            <Select
              {...control}
              options={[
                { value: "USD", label: "USD" },
                { value: "EUR", label: "EUR" },
              ]}
              value={currency ?? undefined}
              onValueChange={(value) => setCurrency(value as Currency)}
              placeholder="Not chosen"
              disabled={billingFixed}
            />
          )}
        </Field>
        <Field label="Payment provider" hint={fixedHint}>
          {(control) => (
            <Select
              {...control}
              options={(Object.keys(PROVIDER_LABELS) as Provider[]).map((value) => ({
                value,
                label: PROVIDER_LABELS[value],
              }))}
              value={provider ?? undefined}
              onValueChange={(value) => setProvider(value as Provider)}
              placeholder="Not chosen"
              disabled={billingFixed}
            />
          )}
        </Field>
      </div>
      {vendor && (
        <p className="text-sm text-muted-foreground">
          The vendor's own organization has no trial or support flag.
        </p>
      )}
      {update.isError &&
        (isStale(update.error) ? (
          <StaleAlert accountId={account.account_id} onReload={onReload} />
        ) : (
          <ErrorAlert>{errorMessage(update.error)}</ErrorAlert>
        ))}
      <FormFooter onCancel={onDone} submitLabel="Save details" busy={update.isPending} />
    </form>
  );
}

const notesLinkSchema = ZUpdateAccountDetailsRequest.shape.notes_link;

export function NotesLinkDialog({ account, ...dialog }: OrgDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Edit notes link"
      description="A link to this organization's notes elsewhere (https only). Leave it empty to remove it."
    >
      <Reloadable version={account.version}>
        {(onReload) => (
          <NotesLinkForm account={account} onReload={onReload} onDone={() => dialog.onOpenChange(false)} />
        )}
      </Reloadable>
    </ActionDialog>
  );
}

function NotesLinkForm({ account, onReload, onDone }: ReloadableFormProps) {
  const [link, setLink] = useState(account.notes_link ?? "");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const update = useDetailsUpdate(account);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = notesLinkSchema.safeParse(link);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    const next = parsed.data ?? null;
    if (next === account.notes_link) return nothingChanged(onDone);
    update.mutate(
      { notes_link: next },
      {
        onSuccess: () => {
          toast.success(next ? "The notes link was saved." : "The notes link was removed.");
          onDone();
        },
      },
    );
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <TextField
        label="Notes link"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        value={link}
        onChange={(event) => {
          setLink(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError ?? (update.isError && update.error.status === 400 ? update.error.error : undefined)}
      />
      {update.isError &&
        (isStale(update.error) ? (
          <StaleAlert accountId={account.account_id} onReload={onReload} />
        ) : update.error.status === 400 ? null : (
          <ErrorAlert>{errorMessage(update.error)}</ErrorAlert>
        ))}
      <FormFooter onCancel={onDone} submitLabel="Save link" busy={update.isPending} />
    </form>
  );
}

/**
 * Disable org / enable org: a confirmation that says what happens to the members. The error of a
 * refused change is shown as a toast and the confirmation stays open.
 */
export function DisableOrganizationDialog({
  account,
  disable,
  open,
  onOpenChange,
  fallbackFocus,
}: OrgDialogProps & { disable: boolean }) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  const change = useAccountAction((next: boolean) => actionsApi.setDisabled(account.account_id, next));
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={returnFocus}
      destructive={disable}
      title={disable ? `Disable ${account.company}?` : `Enable ${account.company}?`}
      description={
        disable
          ? "Its members are signed out and cannot use it until it is enabled again; those with another organization keep that one."
          : "Its members can sign in and use it again."
      }
      confirmLabel={disable ? "Disable organization" : "Enable organization"}
      onConfirm={async () => {
        try {
          await change.mutateAsync(disable);
        } catch (error) {
          toast.error(errorMessage(error));
          throw error;
        }
        toast.success(disable ? `${account.company} is disabled.` : `${account.company} is enabled again.`);
      }}
    />
  );
}

/** Delete an empty organization, then back to the list. */
export function DeleteOrganizationDialog({ account, open, onOpenChange, fallbackFocus }: OrgDialogProps) {
  const navigate = useNavigate();
  const returnFocus = useReturnFocus(open, fallbackFocus);
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={returnFocus}
      title={`Delete ${account.company}?`}
      description="The organization is removed for good; its history stays in the audit. This cannot be undone."
      confirmLabel="Delete organization"
      onConfirm={async () => {
        try {
          await actionsApi.deleteAccount(account.account_id);
        } catch (error) {
          toast.error(errorMessage(error));
          throw error;
        }
        toast.success(`${account.company} was deleted.`);
        queryClient.removeQueries({ queryKey: customerKeys.account(account.account_id) });
        await queryClient.invalidateQueries({ queryKey: customerKeys.all });
        navigate("/customers");
      }}
    />
  );
}
