import * as PopoverPrimitive from "@radix-ui/react-popover";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

export const floatingPanelClass =
  "z-50 animate-pop-in rounded-md border bg-popover text-popover-foreground shadow-lg outline-none";

/** Non-modal floating panel anchored to its trigger; Escape or a click outside closes it. */
export function PopoverContent({
  className,
  align = "start",
  sideOffset = 6,
  ...rest
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(floatingPanelClass, "w-72 p-4", className)}
        {...rest}
      />
    </PopoverPrimitive.Portal>
  );
}
