import { cn } from "../../lib/cn";

/** The Portico mark and name. `compact` shows the mark alone (mini sidebar). */
export function BrandMark({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <svg viewBox="0 0 16 16" aria-hidden="true" className="size-7 shrink-0">
        <rect width="16" height="16" rx="3.5" className="fill-primary" />
        <path
          d="M5 12.5V3.5h3.6a2.7 2.7 0 0 1 0 5.4H6.6"
          className="stroke-primary-foreground"
          strokeWidth="1.8"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && <span className="text-lg font-semibold tracking-tight text-foreground">Portico</span>}
    </span>
  );
}
