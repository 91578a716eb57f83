/**
 * Pieces every account-action dialog shares: the dialog frame (focus back to whatever opened it,
 * Escape closes), the footer with a busy submit button, and the picker of the account's users.
 */
import type { TAccountUser } from "@portico/shared/schemas/accounts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, type RefObject, useRef, useState } from "react";
import { QueryError } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Combobox } from "../../../components/ui/combobox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { useReturnFocus } from "../../../components/ui/use-return-focus";
import { customerUsersQuery } from "../account-api";

/** What the page (or a users table's row menu) gives a dialog it opens. */
export interface ActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focused on close when the element that opened the dialog has gone (a menu item, say). */
  fallbackFocus?: RefObject<HTMLElement | null> | undefined;
}

/**
 * A menu whose items open dialogs: which one is open, the props that open one (focus goes back to
 * the menu's button when the menu item that opened it has gone), and the menu's close handler
 * that leaves focus to the dialog instead of pulling it back to the button.
 */
export function useMenuDialogs<Name extends string>() {
  const [dialog, openDialog] = useState<Name | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const opened = (name: Name): ActionDialogProps => ({
    open: dialog === name,
    onOpenChange: (open) => openDialog(open ? name : null),
    fallbackFocus: trigger,
  });
  const onMenuCloseAutoFocus = (event: Event) => {
    if (dialog) event.preventDefault();
  };
  return { trigger, openDialog, opened, onMenuCloseAutoFocus };
}

/** The organization an action is about. */
export interface ActionAccount {
  account_id: number;
  company: string;
}

export function ActionDialog({
  open,
  onOpenChange,
  fallbackFocus,
  title,
  description,
  children,
}: ActionDialogProps & { title: string; description: ReactNode; children: ReactNode }) {
  const returnFocus = useReturnFocus(open, fallbackFocus);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: each opening starts from a fresh form. */}
        {open && children}
      </DialogContent>
    </Dialog>
  );
}

export function FormFooter({
  onCancel,
  submitLabel,
  busy,
  danger = false,
  disabled = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <DialogFooter>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? "danger" : "primary"} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

const userLabel = (user: TAccountUser) => `${user.name} (${user.email})`;

/**
 * The user an action is for: fixed when the dialog was opened from that user's row, otherwise
 * chosen among the account's users that `eligible` lets through (GET account-users?aid=).
 */
export function UserChoice({
  accountId,
  fixedUser,
  value,
  onChange,
  eligible = () => true,
  error,
  emptyText,
}: {
  accountId: number;
  fixedUser: TAccountUser | undefined;
  value: TAccountUser | null;
  onChange: (user: TAccountUser) => void;
  eligible?: (user: TAccountUser) => boolean;
  error?: string | undefined;
  /** Why nobody can be chosen, with the next step. */
  emptyText: string;
}) {
  const users = useQuery({ ...customerUsersQuery(accountId), enabled: !fixedUser });
  if (fixedUser)
    return (
      <p className="text-sm">
        User: <strong className="font-semibold">{fixedUser.name}</strong>{" "}
        <span className="break-all text-muted-foreground">({fixedUser.email})</span>
      </p>
    );
  if (users.isError) return <QueryError query={users} />;
  if (users.isPending)
    return (
      <LoadingRegion label="Loading the users" className="space-y-1.5">
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-9 w-full" />
      </LoadingRegion>
    );
  const choices = users.data.users.filter(eligible);
  if (choices.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <Field label="User" error={error}>
      {(control) => (
        <Combobox
          {...control}
          options={choices.map((user) => ({
            value: String(user.user_id),
            label: userLabel(user),
            keywords: [user.email],
          }))}
          value={value ? String(value.user_id) : null}
          onValueChange={(id) => {
            const chosen = choices.find((user) => String(user.user_id) === id);
            if (chosen) onChange(chosen);
          }}
          placeholder="Choose a user"
          searchPlaceholder="Search users…"
          emptyText="No user of that name."
        />
      )}
    </Field>
  );
}

export const CHOOSE_USER = "Choose a user";
