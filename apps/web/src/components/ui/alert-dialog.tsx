/**
 * Confirmation before a destructive action (Radix AlertDialog): focus starts on Cancel, Escape
 * cancels, and the confirm button shows progress until the action has finished.
 */
import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import { type ComponentProps, type ReactElement, type ReactNode, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { Button, buttonVariants } from "./button";
import { overlayClass } from "./dialog";
import { useInertOutside } from "./inert-outside";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

function ConfirmContent(props: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  const ref = useRef<HTMLDivElement>(null);
  useInertOutside(ref);
  return <AlertDialogPrimitive.Content ref={ref} {...props} />;
}

interface ConfirmDialogProps {
  /** The button that opens the confirmation; none when the caller opens it (`open`). */
  trigger?: ReactElement;
  /** Controlled from outside (opened from a menu, say); otherwise the trigger opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus goes on close when there is no trigger to return to (useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Runs on confirm; the dialog stays open, busy, until it settles, and closes on success. */
  onConfirm: () => unknown;
  destructive?: boolean;
}

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  onConfirm,
  destructive = true,
  open: controlledOpen,
  onOpenChange,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The action shows its own error; keep the dialog so the user can try again or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {trigger && <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>}
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlayClass} />
        <ConfirmContent
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4",
            "animate-pop-in rounded-lg border bg-popover p-6 text-popover-foreground shadow-lg",
          )}
        >
          <div className="space-y-1.5">
            <AlertDialogPrimitive.Title className="text-lg font-semibold">{title}</AlertDialogPrimitive.Title>
            <AlertDialogPrimitive.Description className="text-sm text-muted-foreground">
              {description}
            </AlertDialogPrimitive.Description>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel className={buttonVariants({ variant: "secondary" })} disabled={busy}>
              {cancelLabel}
            </AlertDialogPrimitive.Cancel>
            <Button variant={destructive ? "danger" : "primary"} busy={busy} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </ConfirmContent>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
