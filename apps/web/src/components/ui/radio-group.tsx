import * as RadioGroupPrimitive from "@radix-ui/react-radio-group";
import { type ComponentProps, useId } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

export interface RadioOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
}

interface RadioGroupProps extends Omit<ComponentProps<typeof RadioGroupPrimitive.Root>, "children"> {
  /** The group's name, shown as its legend. */
  label: string;
  options: readonly RadioOption[];
}

/** One choice among a few visible options; arrow keys move between them. */
export function RadioGroup({ label, options, className, ...rest }: RadioGroupProps) {
  const id = useId();
  return (
    <div className={cn("space-y-2", className)}>
      <p id={`${id}-label`} className="text-sm font-medium text-foreground">
        {label}
      </p>
      <RadioGroupPrimitive.Root aria-labelledby={`${id}-label`} className="space-y-2" {...rest}>
        {options.map((option) => {
          const itemId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-2.5">
              <RadioGroupPrimitive.Item
                id={itemId}
                value={option.value}
                disabled={option.disabled ?? false}
                aria-describedby={option.description ? `${itemId}-description` : undefined}
                className={cn(
                  "mt-0.5 flex size-4 shrink-0 cursor-pointer items-center justify-center rounded-full border border-input bg-card shadow-xs",
                  "data-[state=checked]:border-primary disabled:cursor-not-allowed disabled:opacity-60",
                )}
              >
                <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
              </RadioGroupPrimitive.Item>
              <div>
                <Label htmlFor={itemId} className="font-normal">
                  {option.label}
                </Label>
                {option.description && (
                  <p id={`${itemId}-description`} className="text-sm text-muted-foreground">
                    {option.description}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </RadioGroupPrimitive.Root>
    </div>
  );
}
