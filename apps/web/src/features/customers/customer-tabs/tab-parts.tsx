/**
 * Pieces every tab of the customer page shares: its section with a heading, a table-shaped
 * skeleton, and links that act as the organization (select it in the org switcher, then go to a
 * screen that works on the selected organization).
 */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { QueryError } from "../../../components/ui/alert";
import { buttonVariants } from "../../../components/ui/button";
import { Pager } from "../../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { useSelectOrganization } from "../../../lib/organizations";

/** One tab's content: a heading (h2, under the page's h1), optional actions, then the body. */
export function TabSection({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-foreground">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Rows of grey while a tab's list loads. */
export function RowsSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <LoadingRegion label={label} className="space-y-2">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </LoadingRegion>
  );
}

/**
 * A link to a screen that works on the selected organization (/files, /license, /subscription, …):
 * it selects this organization first, as the org switcher does, so the screen opens on it.
 */
export function AsOrganizationLink({
  accountId,
  to,
  children,
  variant = "secondary",
  className,
}: {
  accountId: number;
  to: string;
  children: ReactNode;
  variant?: "primary" | "secondary" | "link";
  className?: string;
}) {
  const selectOrganization = useSelectOrganization();
  return (
    <Link
      to={to}
      className={cn(buttonVariants({ variant }), className)}
      onClick={() => selectOrganization(accountId)}
    >
      {children}
    </Link>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the column's cells (width, wrapping, numbers to the right). */
  className?: string;
}

const cellClass = "px-3 py-2.5 align-top";

/**
 * A read-only table of one server page. At a phone's width it scrolls sideways inside its own
 * focusable region (nothing in the rows needs to be reached to scroll it by keyboard).
 */
export function PageTable<T>({
  label,
  columns,
  rows,
  rowKey,
  busy = false,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  busy?: boolean;
}) {
  return (
    <section
      aria-label={`${label} table`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: at a phone's width the table scrolls sideways
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="border-b text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn("px-3 py-2 font-medium", column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={busy || undefined}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-b-0">
              {columns.map((column) => (
                <td key={column.header} className={cn(cellClass, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Server-paged lists of the console: how many pages `total` rows make. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

interface ServerPage<T> {
  items: T[];
  total: number;
  page_size: number;
}

/**
 * A tab listing one server page at a time: the skeleton while it loads, the error with Retry,
 * `empty` (what it is and the next step) when there is nothing, else `summary`, the table and the
 * pager.
 */
export function PagedTab<T, P extends ServerPage<T>>({
  id,
  title,
  query,
  page,
  onPage,
  columns,
  rowKey,
  empty,
  summary,
  actions,
  more = false,
}: {
  id: string;
  title: string;
  query: UseQueryResult<P>;
  page: number;
  onPage: (page: number) => void;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  empty: ReactNode;
  summary?: (data: P) => ReactNode;
  actions?: ReactNode;
  /** The server stopped counting: there may be pages past the count. */
  more?: boolean;
}) {
  let body: ReactNode;
  if (query.isError) body = <QueryError query={query} />;
  else if (query.isPending) body = <RowsSkeleton label={`Loading the ${title.toLowerCase()}`} />;
  else if (query.data.items.length === 0) body = empty;
  else
    body = (
      <>
        {summary?.(query.data)}
        <PageTable
          label={title}
          columns={columns}
          rows={query.data.items}
          rowKey={rowKey}
          busy={query.isPlaceholderData}
        />
        <Pager
          page={page}
          pages={pageCount(query.data.total, query.data.page_size)}
          more={more}
          onPage={onPage}
        />
      </>
    );
  return (
    <TabSection
      id={id}
      title={title}
      actions={query.data && query.data.items.length > 0 ? actions : undefined}
    >
      {body}
    </TabSection>
  );
}
