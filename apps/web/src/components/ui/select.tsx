/** A short list of choices (Radix Select): opens with Enter, Space or arrows; type-ahead; Escape closes. */
import * as SelectPrimitive from "@radix-ui/react-select";
import Check from "lucide-react/icons/check";
import ChevronDown from "lucide-react/icons/chevron-down";
import { cn } from "../../lib/cn";
import type { ControlProps } from "./field";
import { controlClass } from "./input";
import { floatingPanelClass } from "./popover";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

interface SelectProps extends Partial<ControlProps> {
  options: readonly SelectOption[];
  value: string | undefined;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  /** Name when there is no visible label (a Field's label names it otherwise). */
  "aria-label"?: string;
}

/** For long lists, or to type and search, use Combobox. */
export function Select({
  options,
  value,
  onValueChange,
  placeholder,
  disabled = false,
  className,
  ...aria
}: SelectProps) {
  return (
    <SelectPrimitive.Root
      {...(value !== undefined ? { value } : {})}
      onValueChange={onValueChange}
      disabled={disabled}
    >
      <SelectPrimitive.Trigger
        className={cn(controlClass, "flex h-9 items-center justify-between gap-2 text-left", className)}
        {...aria}
      >
        <SelectPrimitive.Value placeholder={<span className="text-muted-foreground">{placeholder}</span>} />
        <SelectPrimitive.Icon asChild>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className={cn(floatingPanelClass, "max-h-72 min-w-(--radix-select-trigger-width) overflow-hidden")}
        >
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled ?? false}
                className={cn(
                  "relative flex cursor-pointer items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none select-none",
                  "focus:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-60",
                )}
              >
                <span className="absolute left-2 flex size-4 items-center justify-center">
                  <SelectPrimitive.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </SelectPrimitive.ItemIndicator>
                </span>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
