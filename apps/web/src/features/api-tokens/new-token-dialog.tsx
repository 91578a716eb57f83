/**
 * "New token": name, expiry (1 to 365 days) and permissions (the scopes the server lists),
 * checked with the shared ZCreateApiTokenRequest and its messages. The secret then shows once in
 * the dialog with a curl line using it; closing the dialog forgets it.
 */
import {
  API_TOKEN_EXPIRY_DAYS_MAX,
  type TCreateApiTokenRequest,
  ZCreateApiTokenRequest,
} from "@portico/shared/schemas/api-tokens";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type RefObject, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { FieldError } from "../../components/ui/field";
import { Label } from "../../components/ui/label";
import { CodeSnippet, SecretOnce } from "../../components/ui/secret-once";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { errorMessage } from "../../lib/api-client";
import { requestResolver } from "../conversations/components/form-parts";
import { apiScopesQuery, apiTokenKeys, apiTokensApi, type TApiTokenCreated, tokenExample } from "./api";

export const DEFAULT_EXPIRY_DAYS = 30;

interface TokenValues {
  name: string;
  expiry_days: string;
  api_names: string[];
}

const EMPTY: TokenValues = { name: "", expiry_days: String(DEFAULT_EXPIRY_DAYS), api_names: [] };

const tokenRequest = (values: TokenValues) => ({
  name: values.name,
  expiry_days: /^\s*-?\d+\s*$/.test(values.expiry_days)
    ? Number(values.expiry_days)
    : values.expiry_days.trim(),
  api_names: values.api_names,
});

const resolver = requestResolver<TokenValues>(ZCreateApiTokenRequest, tokenRequest, (field) =>
  field in EMPTY ? (field as keyof TokenValues) : undefined,
);

function ScopeChoices({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}) {
  const scopes = useQuery(apiScopesQuery);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-foreground">Permissions</legend>
      {scopes.isError ? (
        <QueryError query={scopes} />
      ) : scopes.isPending ? (
        <LoadingRegion label="Loading the permissions" className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </LoadingRegion>
      ) : (
        <ul className="space-y-2">
          {scopes.data.map((scope) => {
            const boxId = `${id}-${scope.name}`;
            return (
              <li key={scope.name} className="flex items-start gap-2.5">
                <Checkbox
                  id={boxId}
                  className="mt-0.5"
                  aria-describedby={`${boxId}-description`}
                  aria-invalid={error ? true : undefined}
                  checked={value.includes(scope.name)}
                  onCheckedChange={(checked) =>
                    onChange(
                      checked === true ? [...value, scope.name] : value.filter((name) => name !== scope.name),
                    )
                  }
                />
                <div className="min-w-0">
                  <Label htmlFor={boxId} className="font-mono text-xs">
                    {scope.name}
                  </Label>
                  <p id={`${boxId}-description`} className="text-sm break-words text-muted-foreground">
                    {scope.description}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function TokenForm({
  accountId,
  onCreated,
  onCancel,
}: {
  accountId: number;
  onCreated: (created: TApiTokenCreated) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<TokenValues>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (values: TokenValues) =>
      apiTokensApi.create(accountId, tokenRequest(values) as TCreateApiTokenRequest),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: apiTokenKeys.list(accountId) });
      toast.success(`Token “${created.token.name}” created.`);
      onCreated(created);
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
      <TextField
        label="Name"
        autoComplete="off"
        hint="What uses it, e.g. “registration script”."
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label="Expires after (days)"
        inputMode="numeric"
        autoComplete="off"
        hint={`1 to ${API_TOKEN_EXPIRY_DAYS_MAX} days.`}
        error={errors.expiry_days?.message}
        {...form.register("expiry_days")}
      />
      <Controller
        control={form.control}
        name="api_names"
        render={({ field }) => (
          <ScopeChoices value={field.value} onChange={field.onChange} error={errors.api_names?.message} />
        )}
      />
      <ErrorAlert>{create.isError ? errorMessage(create.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create token
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedToken({
  created,
  accountId,
  onDone,
}: {
  created: TApiTokenCreated;
  accountId: number;
  onDone: () => void;
}) {
  return (
    <div className="min-w-0 space-y-4">
      <SecretOnce
        title={`Token “${created.token.name}”`}
        secret={created.secret}
        secretLabel="API token"
        warning="You will not see it again. Copy it now and keep it with the script that uses it."
        headingLevel="h3"
      >
        <CodeSnippet
          label="Try it"
          text={tokenExample(created.secret, created.token.api_names, accountId)}
          copyLabel="Copy the example"
        />
      </SecretOnce>
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}

export function NewTokenDialog({
  open,
  onOpenChange,
  accountId,
  fallbackFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  accountId: number;
  /** Focused on close when the button that opened the dialog has gone. */
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const [created, setCreated] = useState<TApiTokenCreated | null>(null);
  const close = (next: boolean) => {
    // The secret lives only in this dialog: closing forgets it.
    if (!next) setCreated(null);
    onOpenChange(next);
  };
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{created ? "Token created" : "New token"}</DialogTitle>
          <DialogDescription>
            {created
              ? "Scripts send it as “Authorization: Bearer …”."
              : "A token lets a script act for your organization, only with the permissions you choose."}
          </DialogDescription>
        </DialogHeader>
        {open &&
          (created ? (
            <CreatedToken created={created} accountId={accountId} onDone={() => close(false)} />
          ) : (
            <TokenForm accountId={accountId} onCreated={setCreated} onCancel={() => close(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}
