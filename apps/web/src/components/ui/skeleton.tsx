import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "../../lib/cn";

/** A grey placeholder block shown while content loads (hidden from screen readers). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...rest} />;
}

/** Marks a loading region for assistive technology and shows skeleton lines in it. */
export function LoadingRegion({
  label,
  className,
  children,
}: {
  /** Read out while loading, e.g. "Loading your profile". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** A form-shaped skeleton: `fields` label-and-input pairs and a button. */
export function FormSkeleton({ fields = 3, label }: { fields?: number; label: string }) {
  return (
    <LoadingRegion label={label} className="max-w-xl space-y-5">
      {Array.from({ length: fields }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <div key={index} className="space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
      <Skeleton className="h-9 w-32" />
    </LoadingRegion>
  );
}
