/**
 * Tables of records on TanStack Table v9: sortable columns (click a header; aria-sort says the
 * order), a Columns menu to hide and show columns, and pages with a size chooser. Long lists
 * can scroll instead (`virtualize`): all rows in one scrolling body, only the visible ones in
 * the page (@tanstack/react-virtual), with aria-rowcount and aria-rowindex so screen readers
 * still know the size. A server that sorts and pages drives it with `sorting`/`onSortingChange`
 * (the table then shows rows in the order given) and, when virtualized, `rowCount` (every
 * matching row, loaded or not) and `onLoadMore` (called as the user scrolls near the last loaded
 * row). Heavy: import it only from screens that show a table (they load lazily).
 */
import {
  type Column,
  type ColumnDef,
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  type Header,
  type Row,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Columns3 from "lucide-react/icons/columns-3";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import { IconButton } from "./icon-button";
import { Select } from "./select";
import { Skeleton } from "./skeleton";

export interface DataTableColumnMeta {
  /** The column's name in the Columns menu when its header is not plain text. */
  label?: string;
  /** CSS grid track of the column in a virtualized table ("minmax(0,1fr)" by default). */
  width?: string;
  /** Right-align numbers. */
  numeric?: boolean;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    alphanumeric: sortFn_alphanumeric,
    text: sortFn_text,
    datetime: sortFn_datetime,
    basic: sortFn_basic,
  },
  columnVisibilityFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableFeatures = typeof features;
export type { SortingState };
// biome-ignore lint/suspicious/noExplicitAny: columns of one table hold values of different types
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** Typed column builders for rows of type T: `const col = dataTableColumns<User>(); col.accessor("name", …)`. */
export function dataTableColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name (its caption, visually hidden). */
  label: string;
  columns: readonly DataTableColumn<T>[];
  data: readonly T[];
  getRowId?: (row: T, index: number) => string;
  /** Shown instead of rows when there are none (an EmptyState with a next step). */
  empty?: ReactNode;
  /** Skeleton rows while the data loads. */
  loading?: boolean;
  initialSorting?: SortingState;
  /** Column ids hidden at first (the Columns menu shows them again). */
  initialHidden?: readonly string[];
  pageSize?: number;
  /** One scrolling body of this height (px) instead of pages, for long lists. */
  virtualize?: {
    height: number;
    rowHeight?: number;
    /** Every matching row when `data` holds only the ones loaded so far (default data.length). */
    rowCount?: number;
    /** Asks for more rows when the user scrolls near the last loaded one (while rowCount says there are more). */
    onLoadMore?: () => void;
  };
  /**
   * Server-side sorting: the sort shown in the headers, and what a header click asks for. The
   * rows are shown in the order `data` has them; a sort is never removed, only reversed.
   */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Controls shown left of the Columns menu (a search box, filters). */
  toolbar?: ReactNode;
  className?: string;
}

function columnName<T extends RowData>(column: Column<DataTableFeatures, T>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === "string" ? header : column.id);
}

const SORT_LABEL = { asc: "ascending", desc: "descending" } as const;

/**
 * `grid`: the virtualized layout, where table parts are CSS grid boxes; explicit roles keep the
 * table semantics that browsers may drop for table elements with another display.
 */
function HeaderCell<T extends RowData>({
  header,
  table,
  grid = false,
}: {
  header: Header<DataTableFeatures, T>;
  table: Table<T>;
  grid?: boolean;
}) {
  const column = header.column;
  const sorted = column.getIsSorted();
  const numeric = column.columnDef.meta?.numeric ?? false;
  const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
  return (
    <th
      scope="col"
      role={grid ? "columnheader" : undefined}
      aria-sort={sorted ? SORT_LABEL[sorted] : column.getCanSort() ? "none" : undefined}
      className={cn(
        "h-10 px-3 text-left align-middle font-medium text-muted-foreground",
        numeric && "text-right",
        // A grid cell ignores vertical-align: centre plain and sortable headers alike.
        grid && "flex items-center",
        grid && numeric && "justify-end",
      )}
    >
      {column.getCanSort() ? (
        <button
          type="button"
          onClick={column.getToggleSortingHandler()}
          className={cn(
            "-mx-2 inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 hover:bg-muted hover:text-foreground",
            numeric && "flex-row-reverse",
          )}
        >
          {content}
          {sorted === "asc" ? (
            <ArrowUp aria-hidden="true" className="size-3.5" />
          ) : sorted === "desc" ? (
            <ArrowDown aria-hidden="true" className="size-3.5" />
          ) : (
            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-60" />
          )}
        </button>
      ) : (
        content
      )}
    </th>
  );
}

function BodyCells<T extends RowData>({
  row,
  table,
  grid = false,
}: {
  row: Row<DataTableFeatures, T>;
  table: Table<T>;
  grid?: boolean;
}) {
  return row.getVisibleCells().map((cell) => (
    <td
      key={cell.id}
      role={grid ? "cell" : undefined}
      className={cn(
        "px-3 py-2.5 align-middle",
        cell.column.columnDef.meta?.numeric && "text-right tabular-nums",
      )}
    >
      <table.FlexRender cell={cell} />
    </td>
  ));
}

type Table<T extends RowData> = ReturnType<typeof useTable<DataTableFeatures, T>>;

function ColumnsMenu<T extends RowData>({ table }: { table: Table<T> }) {
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  if (hideable.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {hideable.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.getIsVisible()}
            onCheckedChange={(checked) => column.toggleVisibility(checked === true)}
            onSelect={(event) => event.preventDefault()}
          >
            {columnName(column)}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Pagination<T extends RowData>({ table }: { table: Table<T> }) {
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = Math.max(1, table.getPageCount());
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t px-3 py-2 text-sm text-muted-foreground">
      <p>
        {table.getRowCount()} {table.getRowCount() === 1 ? "row" : "rows"}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <span aria-hidden="true">Rows per page</span>
          <Select
            aria-label="Rows per page"
            className="h-8 w-20"
            value={String(pageSize)}
            onValueChange={(size) => table.setPageSize(Number(size))}
            options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
          />
        </div>
        <p aria-live="polite">
          Page {pageIndex + 1} of {pageCount}
        </p>
        <div className="flex gap-1">
          <IconButton
            label="Previous page"
            icon={ChevronLeft}
            variant="secondary"
            size="icon-sm"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          />
          <IconButton
            label="Next page"
            icon={ChevronRight}
            variant="secondary"
            size="icon-sm"
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          />
        </div>
      </div>
    </div>
  );
}

/** Explicit row role of the virtualized layout (see HeaderCell). */
const ROW_ROLE = "row";

/** How close (in rows) to the last loaded row scrolling asks for more. */
const LOAD_MORE_AHEAD = 20;

function VirtualBody<T extends RowData>({
  label,
  table,
  rows,
  height,
  rowHeight,
  template,
  rowCount,
  onLoadMore,
}: {
  label: string;
  table: Table<T>;
  rows: Row<DataTableFeatures, T>[];
  height: number;
  rowHeight: number;
  template: string;
  rowCount: number;
  onLoadMore: (() => void) | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 8,
  });
  const lastInView = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  const wantsMore =
    onLoadMore !== undefined && rowCount > rows.length && lastInView >= rows.length - LOAD_MORE_AHEAD;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks once per arrival near the end, not per render
  useEffect(() => {
    if (wantsMore) onLoadMore?.();
  }, [wantsMore, rows.length]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
    <div ref={scroller} tabIndex={0} className="overflow-auto" style={{ height }}>
      <table
        // biome-ignore lint/a11y/noRedundantRoles: display:grid may drop the implicit table roles
        role="table"
        aria-label={label}
        aria-rowcount={rowCount + 1}
        className="grid w-full min-w-fit text-sm"
      >
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <thead role="rowgroup" className="sticky top-0 z-10 grid bg-card">
          {table.getHeaderGroups().map((group) => (
            <tr
              key={group.id}
              role={ROW_ROLE}
              aria-rowindex={1}
              className="grid border-b"
              style={{ gridTemplateColumns: template }}
            >
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} table={table} grid />
              ))}
            </tr>
          ))}
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
        <tbody role="rowgroup" className="relative grid" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                role={ROW_ROLE}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                className="absolute grid w-full border-b hover:bg-muted/50"
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)` }}
              >
                <BodyCells row={row} table={table} grid />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  empty,
  loading = false,
  initialSorting = [],
  initialHidden = [],
  pageSize = 25,
  virtualize,
  toolbar,
  className,
  sorting,
  onSortingChange,
}: DataTableProps<T>) {
  const serverSorted = sorting !== undefined;
  const table = useTable({
    features,
    columns: columns as DataTableColumn<T>[],
    data: data as T[],
    ...(getRowId ? { getRowId } : {}),
    ...(serverSorted
      ? {
          manualSorting: true,
          enableSortingRemoval: false,
          enableMultiSort: false,
          state: { sorting },
          onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) =>
            onSortingChange?.(typeof updater === "function" ? updater(sorting) : updater),
        }
      : {}),
    initialState: {
      sorting: initialSorting,
      pagination: { pageIndex: 0, pageSize },
      columnVisibility: Object.fromEntries(initialHidden.map((id) => [id, false])),
    },
  });

  const visibleColumns = table.getVisibleLeafColumns();
  const showEmpty = !loading && data.length === 0;
  const header = (
    <div className="flex flex-wrap items-center justify-end gap-2 border-b px-3 py-2">
      {toolbar && <div className="mr-auto flex flex-wrap items-center gap-2">{toolbar}</div>}
      <ColumnsMenu table={table} />
    </div>
  );

  if (virtualize && !loading && !showEmpty) {
    const rowCount = Math.max(virtualize.rowCount ?? data.length, data.length);
    const template = visibleColumns
      .map((column) => column.columnDef.meta?.width ?? "minmax(0,1fr)")
      .join(" ");
    return (
      <section aria-label={label} className={cn("rounded-lg border bg-card", className)}>
        {header}
        <VirtualBody
          label={label}
          table={table}
          rows={table.getPrePaginatedRowModel().rows}
          height={virtualize.height}
          rowHeight={virtualize.rowHeight ?? 41}
          template={template}
          rowCount={rowCount}
          onLoadMore={virtualize.onLoadMore}
        />
        <p className="border-t px-3 py-2 text-sm text-muted-foreground">
          {rowCount === data.length
            ? `${data.length} ${data.length === 1 ? "row" : "rows"}`
            : `${data.length} of ${rowCount} rows loaded`}
        </p>
      </section>
    );
  }

  return (
    <section aria-label={label} className={cn("rounded-lg border bg-card", className)}>
      {header}
      {/* relative: an sr-only header (absolute) would otherwise escape the scroller and widen the page. */}
      {/* Focusable: at a phone's width it scrolls sideways, and a keyboard must reach it (axe). */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
        tabIndex={0}
        className="relative overflow-x-auto rounded-b-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b">
                {group.headers.map((headerCell) => (
                  <HeaderCell key={headerCell.id} header={headerCell} table={table} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: 5 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
                <tr key={index} className="border-b">
                  {visibleColumns.map((column) => (
                    <td key={column.id} className="px-3 py-3">
                      <Skeleton className="h-4 w-full max-w-40" />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading &&
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-b last:border-b-0 hover:bg-muted/50">
                  <BodyCells row={row} table={table} />
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {/* Outside the sideways-scrolling table, so on a phone the next step is in view. */}
      {showEmpty && (
        <div className="p-4">
          {empty ?? <p className="py-6 text-center text-muted-foreground">No rows.</p>}
        </div>
      )}
      {loading && (
        <p className="sr-only" role="status">
          Loading {label}
        </p>
      )}
      {!loading && !showEmpty && <Pagination table={table} />}
    </section>
  );
}
