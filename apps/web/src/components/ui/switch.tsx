import * as SwitchPrimitive from "@radix-ui/react-switch";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";
import { useControlProps } from "./field";
import { Label } from "./label";

export function Switch({ className, ...rest }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full border border-input bg-muted p-0.5 transition-colors",
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...rest}
    >
      <SwitchPrimitive.Thumb
        className={cn(
          "block size-3.5 rounded-full bg-muted-foreground shadow-sm transition-transform",
          "data-[state=checked]:translate-x-4 data-[state=checked]:bg-primary-foreground",
        )}
      />
    </SwitchPrimitive.Root>
  );
}

export interface SwitchFieldProps extends ComponentProps<typeof SwitchPrimitive.Root> {
  label: string;
  description?: string;
}

/** A switch with its label (its name) and an optional description, for settings that apply at once. */
export function SwitchField({ label, description, id, className, ...rest }: SwitchFieldProps) {
  const { hintId, errorId: _error, ...control } = useControlProps(id, undefined, description !== undefined);
  return (
    <div className={cn("flex items-start justify-between gap-4", className)}>
      <div className="space-y-0.5">
        <Label htmlFor={control.id}>{label}</Label>
        {description !== undefined && (
          <p id={hintId} className="text-sm text-muted-foreground">
            {description}
          </p>
        )}
      </div>
      <Switch {...control} {...rest} />
    </div>
  );
}
