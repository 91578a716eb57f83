import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Breadcrumbs, type Crumb } from "./breadcrumbs";
import { useDocumentTitle } from "./use-document-title";

interface PageHeaderProps {
  /** The screen's one h1, also the browser tab's title. */
  title: string;
  description?: ReactNode;
  /** Shown on nested pages: the way back up. */
  breadcrumbs?: readonly Crumb[];
  /** Buttons on the right (below the title on small screens). */
  actions?: ReactNode;
  className?: string;
  /** h2 for a header inside a page (the kit gallery); h1 names the screen and the browser tab. */
  as?: "h1" | "h2";
}

/** Top of a signed-in screen: breadcrumbs, h1, description and actions. */
export function PageHeader({
  title,
  description,
  breadcrumbs,
  actions,
  className,
  as = "h1",
}: PageHeaderProps) {
  useDocumentTitle(as === "h1" ? title : null);
  const Heading = as;
  return (
    <header className={cn("mb-6 sm:mb-8", className)}>
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <Heading className="text-2xl font-semibold tracking-tight text-foreground">{title}</Heading>
          {description && <div className="text-sm text-muted-foreground">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </header>
  );
}
