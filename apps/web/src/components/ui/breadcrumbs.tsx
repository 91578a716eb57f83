import ChevronRight from "lucide-react/icons/chevron-right";
import { Fragment } from "react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted for the current page (the last crumb). */
  to?: string;
}

/** Where a nested page sits: "Issues › Issue 42". The last crumb is the current page. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="mb-2">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((crumb, index) => (
          <Fragment key={`${crumb.label}-${crumb.to ?? ""}`}>
            {index > 0 && (
              <li aria-hidden="true" className="flex">
                <ChevronRight className="size-3.5" />
              </li>
            )}
            <li>
              {crumb.to && index < items.length - 1 ? (
                <Link to={crumb.to} className="hover:text-foreground hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
