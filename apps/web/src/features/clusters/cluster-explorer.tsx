/**
 * Explorer tab: the latest report as a WAI-ARIA tree (cluster → nodes → drives, erasure sets →
 * drives), each item with its state and usage. Only the expanded items' children are rendered, so
 * a tree of 10,000 drives stays fast; a search shows the matching items and their ancestors.
 * Keys: ↑/↓ move, → opens or goes to the first child, ← closes or goes to the parent, Home/End,
 * Enter/Space open or close.
 */
import type { TExplorerItem } from "@portico/shared/schemas/clusters";
import { useQuery } from "@tanstack/react-query";
import ChevronRight from "lucide-react/icons/chevron-right";
import Search from "lucide-react/icons/search";
import { type KeyboardEvent, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { clusterExplorerQuery } from "./api";
import { StateBadge, Usage } from "./cluster-parts";

/** Rows rendered at once: a search matching thousands of drives still answers quickly. */
export const ROWS_PER_STEP = 500;

const KIND_LABELS: Record<TExplorerItem["kind"], string> = {
  cluster: "Cluster",
  nodes: "Nodes",
  node: "Node",
  sets: "Erasure sets",
  set: "Erasure set",
  drive: "Drive",
};

interface Row {
  item: TExplorerItem;
  level: number;
  parent: string | null;
  setSize: number;
  posInSet: number;
}

interface Index {
  parent: Map<string, string | null>;
  all: TExplorerItem[];
}

function indexTree(root: TExplorerItem): Index {
  const parent = new Map<string, string | null>([[root.key, null]]);
  const all: TExplorerItem[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const item = stack.pop() as TExplorerItem;
    all.push(item);
    for (const child of item.children) {
      parent.set(child.key, item.key);
      stack.push(child);
    }
  }
  return { parent, all };
}

const matches = (item: TExplorerItem, q: string) =>
  item.label.toLowerCase().includes(q) ||
  item.detail.toLowerCase().includes(q) ||
  item.state.toLowerCase() === q;

/** Matching items and their ancestors; null without a search. */
function filterKeys(index: Index, query: string): Set<string> | null {
  const q = query.trim().toLowerCase();
  if (!q) return null;
  const keep = new Set<string>();
  for (const item of index.all) {
    if (!matches(item, q)) continue;
    let key: string | null | undefined = item.key;
    while (key && !keep.has(key)) {
      keep.add(key);
      key = index.parent.get(key);
    }
  }
  return keep;
}

/** The visible rows in order: children of expanded items only (and only kept ones while searching). */
function visibleRows(root: TExplorerItem, isOpen: (key: string) => boolean, keep: Set<string> | null): Row[] {
  const rows: Row[] = [];
  const walk = (items: readonly TExplorerItem[], level: number, parent: string | null) => {
    const shown = keep ? items.filter((i) => keep.has(i.key)) : items;
    shown.forEach((item, i) => {
      rows.push({ item, level, parent, setSize: shown.length, posInSet: i + 1 });
      if (item.children.length > 0 && isOpen(item.key)) walk(item.children, level + 1, item.key);
    });
  };
  walk([root], 1, null);
  return rows;
}

function hasVisibleChildren(item: TExplorerItem, keep: Set<string> | null): boolean {
  return keep ? item.children.some((c) => keep.has(c.key)) : item.children.length > 0;
}

export function ExplorerTree({ root }: { root: TExplorerItem }) {
  const index = useMemo(() => indexTree(root), [root]);
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set([root.key, ...root.children.map((c) => c.key)]),
  );
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const keep = useMemo(() => filterKeys(index, deferred), [index, deferred]);
  const [collapsedInSearch, setCollapsedInSearch] = useState<Set<string>>(new Set());
  // While searching, every kept item is open so the matches show; the user's own choices return after.
  const isOpen = (key: string) => (keep ? keep.has(key) && !collapsedInSearch.has(key) : expanded.has(key));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts with everything open
  useEffect(() => setCollapsedInSearch(new Set()), [deferred]);
  const [limit, setLimit] = useState(ROWS_PER_STEP);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts from the first rows again
  useEffect(() => setLimit(ROWS_PER_STEP), [deferred]);
  const allRows = visibleRows(root, isOpen, keep);
  const rows = allRows.slice(0, limit);
  const [focused, setFocused] = useState<string>(root.key);
  const focusKey = rows.some((r) => r.item.key === focused) ? focused : (rows[0]?.item.key ?? root.key);
  const refs = useRef(new Map<string, HTMLDivElement>());
  const moved = useRef(false);
  const searchId = useId();

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    refs.current.get(focusKey)?.focus();
  });

  const setOpen = (key: string, open: boolean) => {
    if (keep) {
      setCollapsedInSearch((prev) => {
        const next = new Set(prev);
        if (open) next.delete(key);
        else next.add(key);
        return next;
      });
      return;
    }
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  };

  const focusRow = (key: string | undefined | null) => {
    if (!key) return;
    moved.current = true;
    setFocused(key);
  };

  const onKeyDown = (event: KeyboardEvent, row: Row, at: number) => {
    const { item } = row;
    const expandable = hasVisibleChildren(item, keep);
    const open = expandable && isOpen(item.key);
    switch (event.key) {
      case "ArrowDown":
        focusRow(rows[at + 1]?.item.key);
        break;
      case "ArrowUp":
        focusRow(rows[at - 1]?.item.key);
        break;
      case "Home":
        focusRow(rows[0]?.item.key);
        break;
      case "End":
        focusRow(rows.at(-1)?.item.key);
        break;
      case "ArrowRight":
        if (!expandable) return;
        if (open) focusRow(rows[at + 1]?.item.key);
        else setOpen(item.key, true);
        break;
      case "ArrowLeft":
        if (open) setOpen(item.key, false);
        else focusRow(row.parent);
        break;
      case "Enter":
      case " ":
        if (!expandable) return;
        setOpen(item.key, !open);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="space-y-3">
      <div className="relative max-w-sm">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor={searchId} className="sr-only">
          Search nodes, drives and erasure sets
        </label>
        <Input
          id={searchId}
          type="search"
          className="pl-8"
          placeholder="Search nodes, drives, sets…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {keep && keep.size === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          Nothing matches “{deferred.trim()}”.
        </p>
      ) : (
        <div role="tree" aria-label="Cluster layout" className="overflow-hidden rounded-lg border bg-card">
          {rows.map((row, at) => {
            const { item } = row;
            const expandable = hasVisibleChildren(item, keep);
            const open = expandable && isOpen(item.key);
            return (
              <div
                key={item.key}
                ref={(el) => {
                  if (el) refs.current.set(item.key, el);
                  else refs.current.delete(item.key);
                }}
                role="treeitem"
                aria-level={row.level}
                aria-setsize={row.setSize}
                aria-posinset={row.posInSet}
                aria-expanded={expandable ? open : undefined}
                aria-selected={item.key === focusKey}
                aria-label={`${item.label}, ${KIND_LABELS[item.kind].toLowerCase()}, ${item.state}`}
                tabIndex={item.key === focusKey ? 0 : -1}
                onKeyDown={(e) => onKeyDown(e, row, at)}
                onFocus={() => setFocused(item.key)}
                onClick={() => expandable && setOpen(item.key, !open)}
                className={cn(
                  "flex cursor-default flex-wrap items-center gap-x-3 gap-y-1 border-b py-2 pr-3 text-sm last:border-b-0",
                  "outline-none focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                  expandable && "cursor-pointer hover:bg-muted/60",
                )}
                style={{ paddingLeft: `${0.5 + (row.level - 1) * 1.25}rem` }}
                data-testid="tree-row"
              >
                <span className="flex min-w-0 flex-1 basis-48 items-center gap-1.5">
                  <ChevronRight
                    aria-hidden="true"
                    className={cn(
                      "size-4 shrink-0 text-muted-foreground transition-transform",
                      !expandable && "invisible",
                      open && "rotate-90",
                    )}
                  />
                  <span className="truncate font-medium">{item.label}</span>
                  <StateBadge state={item.state} className="shrink-0" />
                </span>
                {item.detail && (
                  <span className="min-w-0 basis-40 truncate text-xs text-muted-foreground">
                    {item.detail}
                  </span>
                )}
                {item.total_bytes > 0 && (
                  <Usage
                    compact
                    used={item.used_bytes}
                    total={item.total_bytes}
                    className="w-36 shrink-0 sm:w-44"
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
      {allRows.length > rows.length && (
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <span>
            Showing {rows.length} of {allRows.length} items.
          </span>
          <Button variant="secondary" size="sm" onClick={() => setLimit((n) => n + ROWS_PER_STEP)}>
            Show more
          </Button>
        </div>
      )}
    </div>
  );
}

export function ClusterExplorer({ accountId, clusterId }: { accountId: number; clusterId: string }) {
  const explorer = useQuery(clusterExplorerQuery(accountId, clusterId));
  if (explorer.isPending) {
    return (
      <LoadingRegion label="Loading the cluster layout" className="space-y-2">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-64" />
      </LoadingRegion>
    );
  }
  if (explorer.isError) return <QueryError query={explorer} />;
  return <ExplorerTree root={explorer.data.root} />;
}
