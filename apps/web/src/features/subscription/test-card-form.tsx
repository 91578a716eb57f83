/**
 * The test-mode provider's card form: what a provider's own card element does, done against the
 * local test-mode provider (POST /api/billing/test-mode/payments/{id}/confirm). No money moves;
 * the card numbers are Stripe's test numbers. Issue 15 puts Stripe Elements beside it: the
 * checkout chooses the card step (see CardStep in upgrade-checkout.tsx), so this form stays whole.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { BILLING_MESSAGES, TEST_CARDS, ZTestCardRequest } from "@portico/shared/schemas/billing";
import { z } from "@portico/shared/zod";
import { useMutation } from "@tanstack/react-query";
import FlaskConical from "lucide-react/icons/flask-conical";
import type { ReactNode } from "react";
import { type Control, useController, useForm } from "react-hook-form";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { type TTestCardAnswer, upgradeApi } from "./upgrade-api";

export const TEST_MODE_TITLE = "Test mode — no money moves";

const EXPIRY = /^(\d{2})\s*\/\s*(\d{2})$/;

/** What the fields hold as typed; the card number and CVC rules are the confirm call's own. */
const cardFormSchema = z.object({
  card_number: ZTestCardRequest.shape.card_number,
  expiry: z
    .string()
    .regex(EXPIRY, BILLING_MESSAGES.cardExpiry)
    .refine((value) => {
      const month = Number(EXPIRY.exec(value)?.[1]);
      return month >= 1 && month <= 12;
    }, BILLING_MESSAGES.cardExpiry),
  cvc: ZTestCardRequest.shape.cvc,
});
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormOutput = z.output<typeof cardFormSchema>;

/** "4242424242424242" → "4242 4242 4242 4242" as it is typed (19 digits at most). */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "1230" → "12/30"; the slash comes by itself once the month is typed. */
export function formatExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const formatCvc = (raw: string) => raw.replace(/\D/g, "").slice(0, 4);

function MaskedField({
  control,
  name,
  mask,
  ...input
}: {
  control: Control<CardFormInput, unknown, CardFormOutput>;
  name: keyof CardFormInput;
  mask: (raw: string) => string;
  label: string;
  autoComplete: string;
  placeholder: string;
  maxLength: number;
  hint?: ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...input}
      name={field.name}
      ref={field.ref}
      value={field.value}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(mask(event.target.value))}
      inputMode="numeric"
      spellCheck={false}
      error={fieldState.error?.message}
    />
  );
}

const TEST_CARD_HINTS = [
  { number: TEST_CARDS.succeeds, outcome: "succeeds" },
  { number: TEST_CARDS.declined, outcome: "is declined" },
  { number: TEST_CARDS.insufficientFunds, outcome: "has insufficient funds" },
] as const;

function TestCardsHint() {
  return (
    <div className="space-y-1">
      <p>Test cards (any future expiry, any 3 digits):</p>
      <ul className="space-y-0.5">
        {TEST_CARD_HINTS.map((card) => (
          <li key={card.number}>
            <span className="font-mono text-foreground">{formatCardNumber(card.number)}</span> {card.outcome}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface TestCardFormProps {
  paymentIntentId: string;
  clientSecret: string;
  /** The pay button's words, e.g. "Pay $1,200.00". */
  submitLabel: string;
  /** The provider has taken the card; the outcome arrives later as an event. */
  onConfirmed: (answer: TTestCardAnswer) => void | Promise<void>;
  /** What is being paid for, above the fields. */
  summary?: ReactNode;
}

export function TestCardForm({
  paymentIntentId,
  clientSecret,
  submitLabel,
  onConfirmed,
  summary,
}: TestCardFormProps) {
  const form = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { card_number: "", expiry: "", cvc: "" },
  });
  const confirm = useMutation({
    mutationFn: async (card: CardFormOutput) => {
      const [, month, year] = EXPIRY.exec(card.expiry) ?? [];
      const answer = await upgradeApi.confirmTestCard(paymentIntentId, {
        client_secret: clientSecret,
        card_number: card.card_number,
        exp_month: Number(month),
        exp_year: 2000 + Number(year),
        cvc: card.cvc,
      });
      await onConfirmed(answer);
    },
  });
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical aria-hidden="true" className="size-4 text-warning-surface-foreground" />
          {TEST_MODE_TITLE}
        </CardTitle>
        <CardDescription>
          Payments on this server go to a local test provider. Use a test card below; nothing is charged.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {summary}
        <form
          noValidate
          aria-label="Card details"
          className="space-y-5"
          onSubmit={form.handleSubmit((card) => confirm.mutate(card))}
        >
          <MaskedField
            control={form.control}
            name="card_number"
            mask={formatCardNumber}
            label="Card number"
            autoComplete="cc-number"
            placeholder="4242 4242 4242 4242"
            maxLength={23}
            hint={<TestCardsHint />}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <MaskedField
              control={form.control}
              name="expiry"
              mask={formatExpiry}
              label="Expiry (MM/YY)"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
            />
            <MaskedField
              control={form.control}
              name="cvc"
              mask={formatCvc}
              label="Security code (CVC)"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
            />
          </div>
          <ErrorAlert>{confirm.isError ? errorMessage(confirm.error) : null}</ErrorAlert>
          <Button type="submit" busy={confirm.isPending}>
            {submitLabel}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
