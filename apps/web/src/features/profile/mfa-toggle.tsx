import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { mfaQuery, profileApi } from "./api";

const MFA_LABEL = "Ask for a code sent by e-mail when I sign in";

/**
 * Two-step sign-in (GET/POST /api/auth/mfa): a code is e-mailed at each sign-in. Turning it on
 * applies at once; turning it off asks for the current password first.
 */
export function MfaToggle() {
  const queryClient = useQueryClient();
  const setting = useQuery(mfaQuery);
  const [confirmOff, setConfirmOff] = useState(false);
  const [password, setPassword] = useState("");
  const change = useMutation({
    mutationFn: profileApi.setMfa,
    onSuccess: (answer) => {
      queryClient.setQueryData(mfaQuery.queryKey, answer);
      setConfirmOff(false);
      setPassword("");
      toast.success(answer.enable_mfa ? "Sign-in codes are on." : "Sign-in codes are off.");
    },
  });

  if (setting.isPending) {
    return (
      <LoadingRegion
        label="Loading your sign-in settings"
        className="flex items-center justify-between gap-4"
      >
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-5 w-9 rounded-full" />
      </LoadingRegion>
    );
  }
  if (setting.isError) return <QueryError query={setting} />;

  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ enable_mfa: false, current_password: password });
  };

  return (
    <div className="space-y-3">
      <SwitchField
        label={MFA_LABEL}
        description="Even with your password, nobody can sign in without the code from your inbox."
        checked={setting.data.enable_mfa}
        disabled={change.isPending}
        onCheckedChange={(on) => {
          change.reset();
          if (on) change.mutate({ enable_mfa: true });
          else setConfirmOff(true);
        }}
      />
      {!confirmOff && <ErrorAlert>{change.error?.error}</ErrorAlert>}
      <Dialog
        open={confirmOff}
        onOpenChange={(open) => {
          if (change.isPending) return;
          setConfirmOff(open);
          if (!open) change.reset();
        }}
      >
        <DialogContent>
          <form noValidate onSubmit={turnOff} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Turn off sign-in codes?</DialogTitle>
              <DialogDescription>
                Your password alone will then be enough to sign in. Enter it to confirm.
              </DialogDescription>
            </DialogHeader>
            <ErrorAlert>{change.error?.error}</ErrorAlert>
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary" disabled={change.isPending}>
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" variant="danger" busy={change.isPending} disabled={!password}>
                Turn off
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
