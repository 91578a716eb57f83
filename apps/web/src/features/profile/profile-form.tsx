import { zodResolver } from "@hookform/resolvers/zod";
import { type TProfile, ZProfileUpdate } from "@portico/shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { BoundCheckbox, CountryAndTimeZoneFields } from "../../components/forms/controlled-fields";
import { ErrorAlert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { userQueryKey } from "../../lib/current-user";
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

export const PROFILE_SAVED = "Your profile has been saved.";

export function ProfileForm({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState<File | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
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

  const save = useMutation({
    mutationFn: (form: FormData) => profileApi.save(form),
    onSuccess: (saved) => {
      setPicture(null);
      queryClient.setQueryData(profileQuery.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast.success(PROFILE_SAVED);
    },
  });
  const removePicture = useMutation({
    mutationFn: profileApi.removePicture,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      toast.success("Your picture has been removed.");
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    await save.mutateAsync(toProfileFormData(values, picture)).catch(() => {
      // Shown from save.error below.
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <ErrorAlert>{save.error?.error ?? removePicture.error?.error}</ErrorAlert>
      <p className="text-sm text-muted-foreground">
        E-mail address: <strong className="font-medium text-foreground">{profile.email}</strong>
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.profile_name?.message}
          {...register("profile_name")}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register("phone")}
        />
        <CountryAndTimeZoneFields control={control} countryName="country_code" timeZoneName="timezone" />
        <TextField
          label="Slack member ID"
          hint="Lets engineers mention you in your organization's shared channel."
          error={errors.slack_member_id?.message}
          className="sm:col-span-2"
          {...register("slack_member_id")}
        />
      </div>
      <BoundCheckbox control={control} name="email_notification" label="Send me e-mail notifications" />
      <PictureField
        name={profile.profile_name}
        currentUrl={profile.picture_url}
        file={picture}
        onFileChange={setPicture}
        onRemove={() => removePicture.mutateAsync()}
        uploading={save.isPending && picture !== null}
      />
      <div className="flex justify-end border-t pt-5">
        <Button type="submit" busy={save.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
