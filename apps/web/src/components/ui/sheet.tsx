/** A panel sliding in from the left edge (the mobile sidebar): a modal dialog, closed with Escape. */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type ComponentProps, useRef } from "react";
import { cn } from "../../lib/cn";
import { overlayClass } from "./dialog";
import { useInertOutside } from "./inert-outside";

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;

export function SheetContent({
  className,
  children,
  ...rest
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const ref = useRef<HTMLDivElement>(null);
  useInertOutside(ref);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClass} />
      <DialogPrimitive.Content
        ref={ref}
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] animate-slide-in-left flex-col border-r bg-card text-card-foreground shadow-xl",
          className,
        )}
        {...rest}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
