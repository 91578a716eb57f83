import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";
import { controlClass } from "./input";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClass, "min-h-20 py-2", className)} {...rest} />;
}
