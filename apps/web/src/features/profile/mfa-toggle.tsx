import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert } from "../../components/ui/alert";
import { CheckboxField } from "../../components/ui/field";
import { mfaQuery, profileApi } from "./api";

/** Two-step sign-in (GET/POST /api/auth/mfa): a code is e-mailed at each sign-in. */
export function MfaToggle() {
  const queryClient = useQueryClient();
  const setting = useQuery(mfaQuery);
  const change = useMutation({
    mutationFn: profileApi.setMfa,
    onSuccess: (answer) => queryClient.setQueryData(mfaQuery.queryKey, answer),
  });

  if (setting.isError) return <ErrorAlert>{setting.error.error}</ErrorAlert>;
  return (
    <div className="space-y-2">
      <CheckboxField
        label="Ask for a code sent by e-mail when I sign in"
        checked={setting.data?.enable_mfa ?? false}
        disabled={setting.isPending || change.isPending}
        onChange={(event) => change.mutate(event.target.checked)}
      />
      <ErrorAlert>{change.error?.error}</ErrorAlert>
    </div>
  );
}
