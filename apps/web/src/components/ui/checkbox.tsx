import * as CheckboxPrimitive from "@radix-ui/react-checkbox";
import Check from "lucide-react/icons/check";
import Minus from "lucide-react/icons/minus";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../lib/cn";
import { FieldError, useControlProps } from "./field";
import { Label } from "./label";

export function Checkbox({ className, ...rest }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        "peer inline-flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-[4px] border border-input bg-card shadow-xs",
        "data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
        "data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger",
        className,
      )}
      {...rest}
    >
      <CheckboxPrimitive.Indicator className="group flex items-center justify-center">
        <Check
          aria-hidden="true"
          className="size-3.5 group-data-[state=indeterminate]:hidden"
          strokeWidth={3}
        />
        <Minus
          aria-hidden="true"
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
          strokeWidth={3}
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

export interface CheckboxFieldProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, "children"> {
  /** The checkbox's accessible name. */
  label: string;
  error?: string | undefined;
  /** Shown after the label (a link to the terms, say); not part of the name. */
  children?: ReactNode;
}

/** A checkbox with its label on the right and its error below. */
export function CheckboxField({ label, error, id, className, children, ...rest }: CheckboxFieldProps) {
  const { hintId: _hint, errorId, ...control } = useControlProps(id, error, false);
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex items-start gap-2.5">
        <Checkbox className="mt-0.5" {...control} {...rest} />
        <Label htmlFor={control.id} className="font-normal">
          {label}
        </Label>
        {children}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
