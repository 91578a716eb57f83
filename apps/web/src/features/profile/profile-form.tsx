import { zodResolver } from "@hookform/resolvers/zod";
import { type TProfile, ZProfileUpdate } from "@portico/shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field";
import { countryOptions } from "../../lib/countries";
import { userQueryKey } from "../../lib/current-user";
import { timeZoneOptions } from "../../lib/time-zones";
import { profileApi, profileQuery } from "./api";
import { PictureField } from "./picture-field";

/** The multipart body of POST /api/chat/profile: the text fields of ZProfileUpdate and the picture. */
export function toProfileFormData(values: Record<string, unknown>, picture: File | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  if (picture) form.append("picture", picture);
  return form;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
}

export function ProfileForm({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState<File | null>(null);
  const countries = useMemo(() => countryOptions(), []);
  const zones = useMemo(() => timeZoneOptions(), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZProfileUpdate),
    defaultValues: {
      profile_name: profile.profile_name,
      timezone: profile.timezone ?? "",
      country_code: profile.country_code ?? "",
      slack_member_id: profile.slack_member_id ?? "",
      phone: profile.phone ?? "",
      email_notification: profile.email_notification,
    },
  });

  const onSaved = (saved: TProfile) => {
    queryClient.setQueryData(profileQuery.queryKey, saved);
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  };
  const save = useMutation({
    mutationFn: (form: FormData) => profileApi.save(form),
    onSuccess: (saved) => {
      setPicture(null);
      onSaved(saved);
    },
  });
  const removePicture = useMutation({
    mutationFn: profileApi.removePicture,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });

  const onSubmit = handleSubmit(async (values) => {
    await save.mutateAsync(toProfileFormData(values, picture)).catch(() => {
      // Shown from save.error below.
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4">
      <Notice>{save.isSuccess && !save.isPending ? "Your profile has been saved." : null}</Notice>
      <ErrorAlert>{save.error?.error ?? removePicture.error?.error}</ErrorAlert>
      <p className="text-sm text-slate-700">
        E-mail address: <strong>{profile.email}</strong>
      </p>
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.profile_name?.message}
        {...register("profile_name")}
      />
      <SelectField
        label="Time zone"
        options={zones}
        placeholder="Select a time zone"
        error={errors.timezone?.message}
        {...register("timezone")}
      />
      <SelectField
        label="Country"
        options={countries}
        placeholder="Select a country"
        error={errors.country_code?.message}
        {...register("country_code")}
      />
      <TextField
        label="Slack member ID"
        hint="Lets engineers mention you in your organization's shared channel."
        error={errors.slack_member_id?.message}
        {...register("slack_member_id")}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register("phone")}
      />
      <CheckboxField
        label="Send me e-mail notifications"
        error={errors.email_notification?.message}
        {...register("email_notification")}
      />
      <PictureField
        currentUrl={profile.picture_url}
        file={picture}
        onFileChange={setPicture}
        onRemove={() => removePicture.mutate()}
        removing={removePicture.isPending}
        initials={initialsOf(profile.profile_name)}
      />
      <Button type="submit" busy={isSubmitting || save.isPending}>
        Save profile
      </Button>
    </form>
  );
}
