import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";

/** Shares the open delay between neighbouring tooltips (the mini sidebar); optional. */
export const TooltipProvider = TooltipPrimitive.Provider;

interface TooltipProps {
  /** The element that shows the tooltip on hover and keyboard focus. */
  children: ReactElement;
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  /** Renders the trigger without a tooltip (e.g. when its text is already visible). */
  disabled?: boolean;
}

/**
 * A short label shown on hover and focus, closed with Escape. It adds a description, not a
 * name: the trigger must have its own accessible name (text or aria-label).
 */
export function Tooltip({ children, content, side = "top", disabled = false }: TooltipProps) {
  if (disabled) return children;
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className="z-50 animate-fade-in rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow-md"
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
