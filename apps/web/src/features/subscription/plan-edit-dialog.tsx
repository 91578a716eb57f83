/**
 * "Edit plan" (vendor admins): SLA, coverage, minimum quantity, self-serve cap and the prices of a
 * plan's current version. Saving makes the next version (PUT plans/{plan_id}); subscriptions keep
 * the version they bought until they change or renew. Prices are typed as amounts ("12.34") and
 * sent as integer minor units (1234), converted from the text's digits, never through a float.
 */
import { SLA_COVERAGES, type ZEditPlanRequest } from "@portico/shared/schemas/billing";
import type { z } from "@portico/shared/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Select } from "../../components/ui/select";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { errorMessage } from "../../lib/api-client";
import { catalogueKeys, plansApi, type TPlan } from "./plans-api";

type EditPlanRequest = z.infer<typeof ZEditPlanRequest>;
type Coverage = EditPlanRequest["sla_coverage"];

export const COVERAGE_LABELS: Record<Coverage, string> = {
  "business-hours": "Business hours",
  "24x7": "24×7",
};

/** The most a price may be: 1,000,000.00 a TiB a month (the schema's 100,000,000 minor units). */
const MAX_PRICE_MINOR = 100_000_000;

export const PRICE_MESSAGES = {
  required: "Enter a price",
  format: "Enter an amount like 12.34",
  decimals: "A price has at most 2 decimals",
  tooLarge: "A price cannot be more than 1000000.00",
} as const;

export type ParsedPrice = { ok: true; minor: number } | { ok: false; message: string };

/**
 * "12.34" → 1234, "12.3" → 1230, "12" → 1200, from the digits (no float arithmetic, so no
 * 0.1 + 0.2 surprises). More than two decimals is refused rather than rounded.
 */
export function parsePriceToMinor(text: string): ParsedPrice {
  const value = text.trim();
  if (value === "") return { ok: false, message: PRICE_MESSAGES.required };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return { ok: false, message: PRICE_MESSAGES.format };
  const whole = (match[1] ?? "").replace(/^0+(?=\d)/, "");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, message: PRICE_MESSAGES.decimals };
  // Seven whole digits already exceed the cap; checking length first keeps the number exact.
  if (whole.length > 7) return { ok: false, message: PRICE_MESSAGES.tooLarge };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (minor > MAX_PRICE_MINOR) return { ok: false, message: PRICE_MESSAGES.tooLarge };
  return { ok: true, minor };
}

/** 1234 → "12.34": the form's starting text for a price. */
export function minorToPriceText(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

interface WholeRule {
  min: number;
  max: number;
  message: string;
}

const WHOLE_RULES = {
  sla_hours: { min: 1, max: 720, message: "SLA hours must be a whole number from 1 to 720" },
  min_quantity: {
    min: 1,
    max: 1_000_000,
    message: "Minimum quantity must be a whole number of TiB from 1 to 1000000",
  },
  self_serve_cap_tib: {
    min: 0,
    max: 1_000_000,
    message: "Self-serve cap must be a whole number of TiB from 0 to 1000000",
  },
} as const satisfies Record<string, WholeRule>;

function parseWhole(text: string, rule: WholeRule): number | null {
  const value = text.trim();
  if (!/^\d{1,7}$/.test(value)) return null;
  const n = Number(value);
  return n >= rule.min && n <= rule.max ? n : null;
}

type Values = Record<"sla_hours" | "min_quantity" | "self_serve_cap_tib" | "usd" | "eur", string> & {
  sla_coverage: Coverage;
};
type Errors = Partial<Record<keyof Values, string>>;

function startValues(plan: TPlan): Values {
  return {
    sla_hours: String(plan.sla_hours),
    sla_coverage: plan.sla_coverage,
    min_quantity: String(plan.min_quantity),
    self_serve_cap_tib: String(plan.self_serve_cap_tib),
    usd: minorToPriceText(plan.price_per_tib_month.USD),
    eur: minorToPriceText(plan.price_per_tib_month.EUR),
  };
}

/** The request, or the message of each field that is wrong. */
export function editRequest(values: Values): { request: EditPlanRequest } | { errors: Errors } {
  const errors: Errors = {};
  const whole = (field: keyof typeof WHOLE_RULES) => {
    const n = parseWhole(values[field], WHOLE_RULES[field]);
    if (n === null) errors[field] = WHOLE_RULES[field].message;
    return n ?? 0;
  };
  const price = (field: "usd" | "eur") => {
    const parsed = parsePriceToMinor(values[field]);
    if (!parsed.ok) errors[field] = parsed.message;
    return parsed.ok ? parsed.minor : 0;
  };
  const request: EditPlanRequest = {
    sla_hours: whole("sla_hours"),
    sla_coverage: values.sla_coverage,
    min_quantity: whole("min_quantity"),
    self_serve_cap_tib: whole("self_serve_cap_tib"),
    price_per_tib_month: { USD: price("usd"), EUR: price("eur") },
  };
  return Object.keys(errors).length > 0 ? { errors } : { request };
}

function EditForm({ plan, onDone }: { plan: TPlan; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => startValues(plan));
  const [errors, setErrors] = useState<Errors>({});
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (request: EditPlanRequest) => plansApi.editPlan(plan.plan_id, request),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      toast.success(`Saved as version ${saved.plan_version}`);
      onDone();
    },
  });
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = editRequest(values);
    if ("errors" in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.request);
  };

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="SLA hours"
          inputMode="numeric"
          value={values.sla_hours}
          onChange={set("sla_hours")}
          error={errors.sla_hours}
        />
        <Field label="SLA coverage">
          {(control) => (
            <Select
              {...control}
              options={SLA_COVERAGES.map((value) => ({ value, label: COVERAGE_LABELS[value] }))}
              value={values.sla_coverage}
              onValueChange={(value) =>
                setValues((current) => ({ ...current, sla_coverage: value as Coverage }))
              }
            />
          )}
        </Field>
        <TextField
          label="Minimum quantity (TiB)"
          inputMode="numeric"
          value={values.min_quantity}
          onChange={set("min_quantity")}
          error={errors.min_quantity}
        />
        <TextField
          label="Self-serve cap (TiB)"
          inputMode="numeric"
          value={values.self_serve_cap_tib}
          onChange={set("self_serve_cap_tib")}
          error={errors.self_serve_cap_tib}
          hint="0: sold through sales only."
        />
        <TextField
          label="Price per TiB per month (USD)"
          inputMode="decimal"
          value={values.usd}
          onChange={set("usd")}
          error={errors.usd}
        />
        <TextField
          label="Price per TiB per month (EUR)"
          inputMode="decimal"
          value={values.eur}
          onChange={set("eur")}
          error={errors.eur}
        />
      </div>
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button type="submit" busy={save.isPending}>
          Save plan
        </Button>
      </DialogFooter>
    </form>
  );
}

export function PlanEditDialog({
  plan,
  open,
  onOpenChange,
}: {
  /** The plan version being edited (kept while the dialog closes). */
  plan: TPlan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open && plan !== null} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Edit {plan?.plan}</DialogTitle>
          <DialogDescription>
            Saving makes version {(plan?.plan_version ?? 0) + 1} the current one. Subscriptions keep the
            version they bought until they change plan or capacity, or renew.
          </DialogDescription>
        </DialogHeader>
        {plan && <EditForm key={plan.plan_id} plan={plan} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
