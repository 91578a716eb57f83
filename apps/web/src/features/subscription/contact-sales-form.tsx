/**
 * Contact sales (spec §7.3 upgrade/request): above a plan's self-serve cap, or on a plan sold only
 * by sales, the upgrade screen asks for this form instead of a payment. The request is stored for
 * the vendor's engineers; the answer is the §8 text.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { CapacityUnit } from "@portico/shared/rules/billing";
import { BILLING_MESSAGES, ZSalesRequest } from "@portico/shared/schemas/billing";
import { useMutation } from "@tanstack/react-query";
import Send from "lucide-react/icons/send";
import { useForm } from "react-hook-form";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { upgradeApi } from "./upgrade-api";

const contactSchema = ZSalesRequest.pick({ name: true, email: true, phone: true, message: true });

export interface ContactSalesFormProps {
  accountId: number;
  serviceType: string;
  /** Digits as typed on the upgrade screen. */
  capacity: string;
  unit: CapacityUnit;
  /** The plan's self-serve cap in TiB; 0: the plan is sold by sales only. */
  capTib: number;
  defaults: { name: string; email: string };
}

export function ContactSalesForm({
  accountId,
  serviceType,
  capacity,
  unit,
  capTib,
  defaults,
}: ContactSalesFormProps) {
  const form = useForm({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: defaults.name, email: defaults.email, phone: "", message: "" },
  });
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (contact: { name: string; email: string; phone: string; message: string }) =>
      upgradeApi.requestSales(accountId, {
        service_type: serviceType as never,
        capacity,
        unit,
        ...contact,
      }),
  });
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Contact sales</CardTitle>
        <CardDescription>
          {capTib > 0 ? BILLING_MESSAGES.aboveCap(capTib) : BILLING_MESSAGES.notSelfServe}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {send.isSuccess ? (
          <Notice>{send.data.message}</Notice>
        ) : (
          <form
            noValidate
            aria-label="Contact sales"
            className="space-y-5"
            onSubmit={form.handleSubmit((contact) => send.mutate(contact))}
          >
            <TextField
              label="Name"
              autoComplete="name"
              error={errors.name?.message}
              {...form.register("name")}
            />
            <TextField
              label="E-mail"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register("email")}
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="tel"
              hint="Optional"
              error={errors.phone?.message}
              {...form.register("phone")}
            />
            <TextareaField
              label="Message"
              rows={4}
              hint="Optional: what you need, and when."
              error={errors.message?.message}
              {...form.register("message")}
            />
            <ErrorAlert>{send.isError ? errorMessage(send.error) : null}</ErrorAlert>
            <Button type="submit" busy={send.isPending}>
              <Send aria-hidden="true" />
              Send to sales
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
