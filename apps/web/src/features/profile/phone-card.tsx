/**
 * The profile's Phone card (spec §7.2 phone verification and check): the mobile number with its
 * country code, "Send code" texts a 6-digit code (10 minutes), "Verify" checks it. The server's
 * refusals (wrong or expired code, too many attempts, too many codes) show in its words.
 * Engineers with a verified phone may have panics and assignments texted to them.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  PHONE_CODE_TTL_MINUTES,
  ZPhoneCheckRequest,
  ZPhoneVerifyRequest,
} from "@portico/shared/schemas/phone";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import BadgeCheck from "lucide-react/icons/badge-check";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert, Notice, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormSkeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { profileQuery } from "./api";
import { phoneApi, phoneQuery, type TPhoneState, type TPhoneVerifyResponse } from "./phone-api";

export const SMS_ALERTS_LABEL = "Text me for panics and assignments";

function SmsAlertsSwitch({ state }: { state: TPhoneState }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: phoneApi.setSmsAlerts,
    onSuccess: (answer) => {
      queryClient.setQueryData(phoneQuery.queryKey, answer);
      toast.success(
        answer.sms_alerts ? "Panics and assignments will be texted to you." : "Text alerts are off.",
      );
    },
  });
  return (
    <div className="space-y-2 border-t pt-5">
      <SwitchField
        label={SMS_ALERTS_LABEL}
        description="A text message to your verified number when a panic arrives or an issue is assigned to you."
        checked={state.sms_alerts}
        disabled={change.isPending}
        onCheckedChange={(on) => change.mutate(on)}
      />
      <ErrorAlert>{change.error?.error}</ErrorAlert>
    </div>
  );
}

function CodeForm({ sent, onVerified }: { sent: TPhoneVerifyResponse; onVerified: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZPhoneCheckRequest), defaultValues: { code: "" } });
  const check = useMutation({
    mutationFn: phoneApi.check,
    onSuccess: (answer) => {
      queryClient.setQueryData(phoneQuery.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      toast.success("Your phone number is verified.");
      onVerified();
    },
  });
  return (
    <form noValidate onSubmit={handleSubmit((values) => check.mutate(values.code))} className="space-y-4">
      <Notice>
        We texted a code to {sent.sent_to}. It works for {PHONE_CODE_TTL_MINUTES} minutes.
      </Notice>
      <ErrorAlert>{check.error?.error}</ErrorAlert>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Verification code"
          className="sm:w-48"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...register("code")}
        />
        <Button type="submit" busy={check.isPending} className="sm:mt-7">
          Verify
        </Button>
      </div>
    </form>
  );
}

function PhoneForms({ state, isEngineer }: { state: TPhoneState; isEngineer: boolean }) {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<TPhoneVerifyResponse | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZPhoneVerifyRequest),
    defaultValues: { phone: state.phone ?? "" },
  });
  const send = useMutation({
    mutationFn: phoneApi.sendCode,
    onSuccess: (answer) => {
      setSent(answer);
      // The number is saved on the profile with the code request.
      void queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      toast.success(`Code sent to ${answer.sent_to}.`);
    },
  });

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={handleSubmit((values) => send.mutate(values.phone))} className="space-y-4">
        <ErrorAlert>{send.error?.error}</ErrorAlert>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label="Mobile number"
            className="sm:w-72"
            type="tel"
            autoComplete="tel"
            hint="With its country code, like +14155550123."
            error={errors.phone?.message}
            {...register("phone")}
          />
          <Button
            type="submit"
            variant={sent ? "secondary" : "primary"}
            busy={send.isPending}
            className="sm:mt-7"
          >
            {sent ? "Send a new code" : "Send code"}
          </Button>
        </div>
      </form>
      {sent && <CodeForm sent={sent} onVerified={() => setSent(null)} />}
      {isEngineer &&
        (state.verified ? (
          <SmsAlertsSwitch state={state} />
        ) : (
          <p className="border-t pt-5 text-sm text-muted-foreground">
            Verify your number to have panics and assignments texted to you.
          </p>
        ))}
    </div>
  );
}

export function PhoneCard({ isEngineer }: { isEngineer: boolean }) {
  const phone = useQuery(phoneQuery);
  const verified = phone.data?.verified ?? false;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Phone</CardTitle>
          {phone.data &&
            (verified ? (
              <Badge variant="success">
                <BadgeCheck aria-hidden="true" />
                Verified
              </Badge>
            ) : (
              <Badge variant="neutral">Not verified</Badge>
            ))}
        </div>
        <CardDescription>
          The phone number of your profile, verified with a code sent to it by text message.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {phone.isPending && <FormSkeleton fields={1} label="Loading your phone number" />}
        {phone.isError && <QueryError query={phone} />}
        {phone.data && <PhoneForms state={phone.data} isEngineer={isEngineer} />}
      </CardContent>
    </Card>
  );
}
