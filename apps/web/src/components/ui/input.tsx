import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "../../lib/cn";

/** Shared look of text-like controls (input, textarea, the select and combobox triggers). */
export const controlClass = cn(
  "w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm text-card-foreground shadow-xs",
  "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60",
  "aria-invalid:border-danger aria-invalid:ring-1 aria-invalid:ring-danger",
);

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = "text", ...rest }: InputProps) {
  return <input type={type} className={cn(controlClass, "h-9 py-1.5", className)} {...rest} />;
}
