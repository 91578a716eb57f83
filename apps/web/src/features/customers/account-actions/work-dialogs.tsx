/**
 * The engineers' work on an account (spec §2.4): time log (date dd-MM-yyyy, minutes, note,
 * optional issue), account management info (the engineer in each role) and manage use cases
 * (chosen from the vendor-wide list, or a new one created on the spot).
 */
import { ENGINEER_ROLE_LABELS, ENGINEER_ROLES, type EngineerRole } from "@portico/shared/rules/roles";
import { ZTimeLogRequest, ZUseCaseRequest } from "@portico/shared/schemas/customers";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import { type FormEvent, useId, useState } from "react";
import { ErrorAlert, QueryError } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox";
import { Combobox } from "../../../components/ui/combobox";
import { DatePicker, dateToIso } from "../../../components/ui/date-picker";
import { Field } from "../../../components/ui/field";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { TextareaField, TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { engineersQuery } from "../../conversations/presence";
import type { TCustomerDetail } from "../account-api";
import {
  actionsApi,
  type TSetEngineers,
  type TTimeLogInput,
  useAccountAction,
  useCasesQuery,
} from "./actions-api";
import { ActionDialog, type ActionDialogProps, FormFooter } from "./dialog-parts";

type WorkDialogProps = ActionDialogProps & { account: TCustomerDetail };

// ---------------------------------------------------------------------------------------- time log

type TimeField = "work_date" | "minutes" | "note" | "issue_number";

export function LogTimeDialog({ account, ...dialog }: WorkDialogProps) {
  return (
    <ActionDialog {...dialog} title="Log time" description={`Time you spent on ${account.company}.`}>
      <LogTimeForm account={account} onDone={() => dialog.onOpenChange(false)} />
    </ActionDialog>
  );
}

/** "90" → 90; anything else is sent as it is, for the shared schema's message. */
const wholeNumber = (text: string): number | string =>
  /^\s*-?\d+\s*$/.test(text) ? Number(text) : text.trim();

function LogTimeForm({ account, onDone }: { account: TCustomerDetail; onDone: () => void }) {
  const today = dateToIso(new Date());
  const [day, setDay] = useState<string | null>(today);
  const [minutes, setMinutes] = useState("");
  const [note, setNote] = useState("");
  const [issue, setIssue] = useState("");
  const [errors, setErrors] = useState<Partial<Record<TimeField, string>>>({});
  const log = useAccountAction((body: TTimeLogInput) => actionsApi.logTime(account.account_id, body));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = {
      work_date: day ?? "",
      minutes: wholeNumber(minutes),
      note,
      issue_number: issue.trim() ? wholeNumber(issue) : null,
    };
    const parsed = ZTimeLogRequest.safeParse(request);
    if (!parsed.success) {
      const found: Partial<Record<TimeField, string>> = {};
      for (const problem of parsed.error.issues) {
        const field = String(problem.path[0]) as TimeField;
        found[field] ??= problem.message;
      }
      return setErrors(found);
    }
    setErrors({});
    log.mutate(parsed.data, {
      onSuccess: () => {
        // Not the time log tab's formatMinutes: that tab opens this dialog (no import cycle).
        toast.success(`${parsed.data.minutes} minutes logged on ${account.company}.`);
        onDone();
      },
    });
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <DatePicker label="Day" value={day} onChange={setDay} max={today} error={errors.work_date} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Minutes"
          inputMode="numeric"
          autoComplete="off"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          hint="1 to 1440"
          error={errors.minutes}
        />
        <TextField
          label="Issue number (optional)"
          inputMode="numeric"
          autoComplete="off"
          value={issue}
          onChange={(event) => setIssue(event.target.value)}
          error={errors.issue_number ?? (log.error?.status === 400 ? log.error.error : undefined)}
        />
      </div>
      <TextareaField
        label="Note"
        rows={3}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.note}
      />
      <ErrorAlert>{log.isError && log.error.status !== 400 ? errorMessage(log.error) : null}</ErrorAlert>
      <FormFooter onCancel={onDone} submitLabel="Log time" busy={log.isPending} />
    </form>
  );
}

// ------------------------------------------------------------------------- account management info

const NOBODY = "none";

export function EngineersDialog({ account, ...dialog }: WorkDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Account management info"
      description={`The vendor's engineers responsible for ${account.company}, one per role.`}
    >
      <EngineersForm account={account} onDone={() => dialog.onOpenChange(false)} />
    </ActionDialog>
  );
}

function EngineersForm({ account, onDone }: { account: TCustomerDetail; onDone: () => void }) {
  const engineers = useQuery(engineersQuery());
  const held = (role: EngineerRole) => account.eng_acc_roles.find((e) => e.role === role)?.user_id ?? null;
  const [roles, setRoles] = useState<TSetEngineers>({
    account_manager: held("account_manager"),
    field_architect: held("field_architect"),
    customer_engineer: held("customer_engineer"),
  });
  const save = useAccountAction((body: TSetEngineers) => actionsApi.setEngineers(account.account_id, body));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(roles, {
      onSuccess: () => {
        toast.success(`The engineers of ${account.company} were saved.`);
        onDone();
      },
    });
  };
  if (engineers.isError) return <QueryError query={engineers} />;
  if (engineers.isPending)
    return (
      <LoadingRegion label="Loading the engineers" className="space-y-3">
        {ENGINEER_ROLES.map((role) => (
          <Skeleton key={role} className="h-9 w-full" />
        ))}
      </LoadingRegion>
    );
  // Someone holding a role who is no longer listed (disabled, say) still shows by name.
  const options = [
    { value: NOBODY, label: "Nobody" },
    ...engineers.data.map((e) => ({ value: String(e.user_id), label: e.name })),
  ];
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      {ENGINEER_ROLES.map((role) => (
        <Field key={role} label={ENGINEER_ROLE_LABELS[role]}>
          {(control) => (
            <Combobox
              {...control}
              options={options}
              value={roles[role] === null ? NOBODY : String(roles[role])}
              selectedLabel={account.eng_acc_roles.find((e) => e.role === role)?.name}
              onValueChange={(value) =>
                setRoles((current) => ({ ...current, [role]: value === NOBODY ? null : Number(value) }))
              }
              searchPlaceholder="Search engineers…"
              emptyText="No engineer of that name."
            />
          )}
        </Field>
      ))}
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <FormFooter onCancel={onDone} submitLabel="Save roles" busy={save.isPending} />
    </form>
  );
}

// ------------------------------------------------------------------------------- manage use cases

export function UseCasesDialog({ account, ...dialog }: WorkDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Manage use cases"
      description={`What ${account.company} uses the product for, from the vendor-wide list.`}
    >
      <UseCasesForm account={account} onDone={() => dialog.onOpenChange(false)} />
    </ActionDialog>
  );
}

function NewUseCase({ onCreated }: { onCreated: (id: number) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    const parsed = ZUseCaseRequest.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      const created = await actionsApi.createUseCase(parsed.data);
      await queryClient.invalidateQueries({ queryKey: useCasesQuery.queryKey });
      toast.success(`Use case ${created.name} created.`);
      setName("");
      onCreated(created.id);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex items-start gap-2">
      <TextField
        label="New use case"
        className="flex-1"
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          // Enter adds the new use case rather than saving the dialog.
          if (event.key === "Enter") {
            event.preventDefault();
            void create();
          }
        }}
        error={error}
      />
      <Button variant="secondary" className="mt-6" busy={busy} onClick={() => void create()}>
        {!busy && <Plus aria-hidden="true" />}
        Add
      </Button>
    </div>
  );
}

function UseCasesForm({ account, onDone }: { account: TCustomerDetail; onDone: () => void }) {
  const useCases = useQuery(useCasesQuery);
  const [chosen, setChosen] = useState<number[]>(() => account.use_cases.map((u) => u.id));
  const save = useAccountAction((ids: number[]) => actionsApi.setUseCases(account.account_id, ids));
  const legendId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen, {
      onSuccess: () => {
        toast.success(`The use cases of ${account.company} were saved.`);
        onDone();
      },
    });
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <fieldset className="space-y-2" aria-labelledby={legendId}>
        <legend id={legendId} className="mb-1 text-sm font-medium">
          Use cases
        </legend>
        {useCases.isError ? (
          <QueryError query={useCases} />
        ) : useCases.isPending ? (
          <LoadingRegion label="Loading the use cases" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </LoadingRegion>
        ) : useCases.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No use cases yet: add the first one below.</p>
        ) : (
          <div className="max-h-60 space-y-2 overflow-y-auto">
            {useCases.data.map((useCase) => (
              <CheckboxField
                key={useCase.id}
                label={useCase.name}
                checked={chosen.includes(useCase.id)}
                onCheckedChange={(checked) =>
                  setChosen((current) =>
                    checked === true ? [...current, useCase.id] : current.filter((id) => id !== useCase.id),
                  )
                }
              />
            ))}
          </div>
        )}
      </fieldset>
      <NewUseCase onCreated={(id) => setChosen((current) => [...current, id])} />
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <FormFooter onCancel={onDone} submitLabel="Save use cases" busy={save.isPending} />
    </form>
  );
}
