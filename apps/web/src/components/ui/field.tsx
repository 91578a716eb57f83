/**
 * The frame of every form field: a visible label tied to the control, an optional hint, and the
 * error under it. The control gets `id`, `aria-invalid` and `aria-describedby` (error, then hint),
 * so screen readers read the error with the field.
 */
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string | undefined;
  className?: string | undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-danger">
      {message}
    </p>
  );
}

/** Ids and ARIA wiring of a control with an optional hint and error. */
export function useControlProps(
  id: string | undefined,
  error: string | undefined,
  hasHint: boolean,
): ControlProps & { hintId: string; errorId: string } {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [error && errorId, hasHint && hintId].filter(Boolean).join(" ");
  return {
    id: fieldId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    hintId,
    errorId,
  };
}

/** Label above, control, hint and error below. `children` renders the control with its props. */
export function Field({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldFrameProps & { children: (control: ControlProps) => ReactNode }) {
  const { hintId, errorId, ...control } = useControlProps(id, error, hint !== undefined);
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={control.id}>{label}</Label>
      {children(control)}
      {hint !== undefined && (
        <div id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
