import { cva, type VariantProps } from "class-variance-authority";
import CircleAlert from "lucide-react/icons/circle-alert";
import Info from "lucide-react/icons/info";
import RotateCw from "lucide-react/icons/rotate-cw";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./button";

const alertVariants = cva(
  "flex items-start gap-2.5 rounded-md border px-3 py-2.5 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0",
  {
    variants: {
      tone: {
        danger: "border-danger/30 bg-danger-surface text-danger-surface-foreground",
        info: "border-link/25 bg-info-surface text-info-surface-foreground",
      },
    },
    defaultVariants: { tone: "info" },
  },
);

interface AlertProps extends VariantProps<typeof alertVariants> {
  children: ReactNode;
  className?: string | undefined;
  /** "alert" interrupts the screen reader (failures); "status" waits its turn (outcomes). */
  role: "alert" | "status";
  action?: ReactNode;
}

function Alert({ tone, role, className, children, action }: AlertProps) {
  const Icon = tone === "danger" ? CircleAlert : Info;
  return (
    <div role={role} className={cn(alertVariants({ tone }), className)}>
      <Icon aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}

/** A failure the user must see now (read out as soon as it appears). Renders nothing when empty. */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <Alert tone="danger" role="alert" className={className}>
      {children}
    </Alert>
  );
}

/** Information about the outcome of something (polite announcement). Renders nothing when empty. */
export function Notice({ children, className }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <Alert tone="info" role="status" className={className}>
      {children}
    </Alert>
  );
}

/** A failed query of TanStack Query, as InlineError reads it. */
interface FailedQuery {
  error: { error: string } | null;
  refetch: () => unknown;
  isFetching: boolean;
}

/** InlineError for a failed query: its message (or `message`), Retry refetches it. */
export function QueryError({ query, message }: { query: FailedQuery; message?: string }) {
  return (
    <InlineError
      message={message ?? query.error?.error ?? "Something went wrong"}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/** What a data screen shows when loading failed: the reason and a Retry button. */
export function InlineError({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <Alert
      tone="danger"
      role="alert"
      className={cn("items-center", className)}
      action={
        <Button variant="secondary" size="sm" busy={retrying} onClick={onRetry}>
          {!retrying && <RotateCw aria-hidden="true" />}
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
