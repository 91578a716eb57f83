import { ISSUE_STATUS_LABELS, type IssueStatus } from "@portico/shared/rules/issue-status";
import { cva, type VariantProps } from "class-variance-authority";
import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3",
  {
    variants: {
      variant: {
        neutral: "bg-muted text-muted-foreground",
        outline: "border border-input text-foreground",
        info: "bg-info-surface text-info-surface-foreground",
        success: "bg-success-surface text-success-surface-foreground",
        warning: "bg-warning-surface text-warning-surface-foreground",
        danger: "bg-danger-surface text-danger-surface-foreground",
        open: "bg-status-open text-status-open-foreground",
        waiting: "bg-status-waiting text-status-waiting-foreground",
        answered: "bg-status-answered text-status-answered-foreground",
        archived: "bg-status-archived text-status-archived-foreground",
        panic: "bg-status-panic text-status-panic-foreground",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement>, VariantProps<typeof badgeVariants> {}

export function Badge({ variant, className, ...rest }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...rest} />;
}

/** An issue's status (spec §4) in its colour; a panic issue says so whatever its status. */
export function StatusBadge({ status, panic = false }: { status: IssueStatus; panic?: boolean }) {
  if (panic) return <Badge variant="panic">Panic · {ISSUE_STATUS_LABELS[status]}</Badge>;
  return <Badge variant={status}>{ISSUE_STATUS_LABELS[status]}</Badge>;
}
