import clsx from "clsx";
import type { ReactNode } from "react";

/** A failure the user must see now (read out by screen readers as soon as it appears). */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className={clsx("rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}
    >
      {children}
    </div>
  );
}

/** Information about the outcome of something (polite announcement). */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div
      role="status"
      className={clsx(
        "rounded-md border border-brand-600/20 bg-brand-50 px-3 py-2 text-sm text-brand-900",
        className,
      )}
    >
      {children}
    </div>
  );
}
