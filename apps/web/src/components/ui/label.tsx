import * as LabelPrimitive from "@radix-ui/react-label";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

export function Label({ className, ...rest }: ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      className={cn("block text-sm leading-5 font-medium text-foreground select-none", className)}
      {...rest}
    />
  );
}
