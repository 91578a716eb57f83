/**
 * The search menu's content (loaded when the menu first opens): a cmdk box over the results of
 * POST /api/chat/search. Typing is debounced; arrows move through the hits, Enter opens one at its
 * message; "#123" offers the issue itself first; more pages load on demand. Filters sit outside
 * cmdk's keyboard handling so their own keys (Enter on a button, arrows in a list) stay theirs.
 */
import { SEARCH_MESSAGES, SEARCH_QUERY_MAX_LENGTH, type TSearchHit } from "@portico/shared/schemas/search";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import ArrowRight from "lucide-react/icons/arrow-right";
import SearchIcon from "lucide-react/icons/search";
import SearchX from "lucide-react/icons/search-x";
import { type KeyboardEvent, type ReactNode, useDeferredValue, useEffect, useState } from "react";
import { ErrorAlert, InlineError } from "../../components/ui/alert";
import { StatusBadge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Combobox } from "../../components/ui/combobox";
import { EmptyState } from "../../components/ui/empty-state";
import { Select } from "../../components/ui/select";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { organizationSearchQuery } from "../../lib/organizations";
import { type SearchSort, type SearchType, searchQuery } from "./api";
import { Snippet } from "./snippet";
import { useDebouncedValue } from "./use-debounced-value";

export const SEARCH_DEBOUNCE_MS = 250;

const TYPE_OPTIONS: { value: SearchType; label: string }[] = [
  { value: "all", label: "Everything" },
  { value: "titles", label: "Titles" },
  { value: "messages", label: "Messages" },
];
const SORT_OPTIONS: { value: SearchSort; label: string }[] = [
  { value: "relevance", label: "Best match" },
  { value: "newest", label: "Newest first" },
];
const ALL_ORGANIZATIONS = "all";
const LOAD_MORE = "load-more";
const JUMP = "jump";

/** Where a hit opens: the issue, at the matching message when there is one. */
export function hitPath(hit: Pick<TSearchHit, "issue_number" | "msg_index">): string {
  const base = `/issues/${hit.issue_number}`;
  return hit.msg_index === null ? base : `${base}?msgIndex=${hit.msg_index}`;
}

const hitKey = (hit: TSearchHit) => `${hit.issue_number}:${hit.msg_index ?? "title"}`;

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

function HitItem({ hit, onOpen }: { hit: TSearchHit; onOpen: (path: string) => void }) {
  const titleHit = hit.kind === "title";
  return (
    <Command.Item value={hitKey(hit)} onSelect={() => onOpen(hitPath(hit))} className={itemClass}>
      <div className="flex min-w-0 items-center gap-2">
        <span className="shrink-0 text-sm text-muted-foreground">#{hit.issue_number}</span>
        <span className="min-w-0 flex-1 truncate font-medium">
          {titleHit ? <Snippet snippet={hit.snippet} /> : hit.title}
        </span>
        <StatusBadge status={hit.issue_status} />
      </div>
      {!titleHit && (
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">
          <Snippet snippet={hit.snippet} markdown />
        </p>
      )}
      <p className="truncate text-xs text-muted-foreground">
        {hit.company}
        {hit.author && ` · ${hit.author.name}`}
        {` · ${dateFormat.format(new Date(hit.created_at))}`}
        {titleHit ? " · in the title" : ""}
      </p>
    </Command.Item>
  );
}

const itemClass = cn(
  "flex cursor-pointer flex-col gap-1 rounded-md px-3 py-2 text-foreground outline-none select-none",
  "data-[selected=true]:bg-muted",
);

/** Keys pressed in here belong to the control they were pressed in, not to the result list. */
function OwnKeys({ children, className }: { children: ReactNode; className?: string }) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a boundary for bubbling keys, not a control
    <div className={className} onKeyDown={(event: KeyboardEvent) => event.stopPropagation()}>
      {children}
    </div>
  );
}

function OrganizationFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search);
  const organizations = useQuery(organizationSearchQuery(deferred));
  const [label, setLabel] = useState<string | undefined>(undefined);
  const options = [
    { value: ALL_ORGANIZATIONS, label: "All organizations" },
    ...(organizations.data?.items ?? []).map((a) => ({ value: String(a.account_id), label: a.company })),
  ];
  return (
    <Combobox
      aria-label="Organization filter"
      className="h-9 min-w-40 flex-1 sm:w-52 sm:flex-none"
      options={options}
      value={value === null ? ALL_ORGANIZATIONS : String(value)}
      selectedLabel={label}
      onValueChange={(v) => {
        setLabel(options.find((o) => o.value === v)?.label);
        onChange(v === ALL_ORGANIZATIONS ? null : Number(v));
      }}
      onSearchChange={setSearch}
      loading={organizations.isFetching && !organizations.data}
      searchPlaceholder="Search organizations…"
      emptyText={organizations.isError ? organizations.error.error : "No organization matches."}
    />
  );
}

function ResultsSkeleton() {
  return (
    <LoadingRegion label="Searching" className="space-y-2 p-2">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </LoadingRegion>
  );
}

export default function SearchPanel({
  isEngineer,
  onOpen,
}: {
  isEngineer: boolean;
  /** Called with the path of the chosen issue (the menu closes and goes there). */
  onOpen: (path: string) => void;
}) {
  const [input, setInput] = useState("");
  const [type, setType] = useState<SearchType>("all");
  const [sort, setSort] = useState<SearchSort>("relevance");
  const [accountId, setAccountId] = useState<number | null>(null);
  const [selected, setSelected] = useState("");
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const tooLong = input.trim().length > SEARCH_QUERY_MAX_LENGTH;
  const enabled = query.length > 0 && !tooLong;

  const search = useInfiniteQuery({
    ...searchQuery({ query, type, sort, accountId, engineer: isEngineer }),
    enabled,
  });
  const pages = enabled ? search.data?.pages : undefined;
  const hits = pages?.flatMap((page) => page.items) ?? [];
  const jump = pages?.[0]?.jump ?? null;
  // The server ranks up to a bound; past it a common word comes newest first, and says so.
  const rankedByDate = sort === "relevance" && pages?.[0]?.sort === "newest";
  const firstOfLastPage = pages && pages.length > 1 ? pages.at(-1)?.items[0] : undefined;

  // After "Load more", the selection moves to the first new hit instead of staying at the bottom.
  useEffect(() => {
    if (firstOfLastPage) setSelected(hitKey(firstOfLastPage));
  }, [firstOfLastPage]);

  const loadingFirst = enabled && search.isPending;
  const failed = enabled && search.isError && !search.isFetchNextPageError;
  const empty = enabled && search.isSuccess && hits.length === 0 && !jump;
  const narrowed = type !== "all" || accountId !== null;

  return (
    <Command
      shouldFilter={false}
      loop
      value={selected}
      onValueChange={setSelected}
      label="Search issues and messages"
      className="flex min-h-0 flex-1 flex-col"
    >
      <div className="flex items-center gap-2 border-b pr-12 pl-4">
        <SearchIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <Command.Input
          autoFocus
          value={input}
          onValueChange={setInput}
          aria-label="Search issues and messages"
          placeholder="Search issues and messages…"
          className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        />
      </div>
      <OwnKeys className="flex flex-wrap items-center gap-2 border-b px-4 py-2">
        <Select
          aria-label="Search in"
          className="h-9 min-w-36 flex-1 sm:w-48 sm:flex-none"
          options={TYPE_OPTIONS}
          value={type}
          onValueChange={(v) => setType(v as SearchType)}
        />
        <Select
          aria-label="Order"
          className="h-9 min-w-32 flex-1 sm:w-36 sm:flex-none"
          options={SORT_OPTIONS}
          value={sort}
          onValueChange={(v) => setSort(v as SearchSort)}
        />
        {isEngineer && <OrganizationFilter value={accountId} onChange={setAccountId} />}
      </OwnKeys>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        <OwnKeys className="space-y-2">
          {tooLong && <ErrorAlert>{SEARCH_MESSAGES.queryTooLong}</ErrorAlert>}
          {!enabled && !tooLong && (
            <p className="px-2 py-6 text-center text-sm text-muted-foreground">
              Type words from an issue title or a message. Put a phrase in quotes to find it exactly; type
              #123 to open issue 123.
            </p>
          )}
          {rankedByDate && (
            <p className="px-2 text-xs text-muted-foreground">
              So many messages match that they are shown newest first. Add words to rank them.
            </p>
          )}
          {loadingFirst && <ResultsSkeleton />}
          {failed && (
            <InlineError
              message={errorMessage(search.error)}
              onRetry={() => void search.refetch()}
              retrying={search.isFetching}
            />
          )}
          {empty && (
            <EmptyState
              icon={SearchX}
              title="No matches"
              className="border-0 py-8"
              description={
                <p>
                  {narrowed ? "Nothing matches with these filters." : "Try other words, or fewer of them."}
                </p>
              }
              action={
                narrowed && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setType("all");
                      setAccountId(null);
                    }}
                  >
                    Search everything
                  </Button>
                )
              }
            />
          )}
        </OwnKeys>
        <Command.List label="Search results">
          {jump && (
            <Command.Item
              value={JUMP}
              onSelect={() => onOpen(`/issues/${jump.issue_number}`)}
              className={itemClass}
            >
              <span className="flex items-center gap-2 font-medium">
                <ArrowRight aria-hidden="true" className="size-4" />
                Open issue #{jump.issue_number}
              </span>
            </Command.Item>
          )}
          {hits.map((hit) => (
            <HitItem key={hitKey(hit)} hit={hit} onOpen={onOpen} />
          ))}
          {search.hasNextPage && enabled && (
            <Command.Item
              value={LOAD_MORE}
              disabled={search.isFetchingNextPage}
              onSelect={() => {
                // Off the button before it goes (cmdk would jump to the top), on to the new hits once here.
                const last = hits.at(-1);
                if (last) setSelected(hitKey(last));
                void search.fetchNextPage();
              }}
              className={cn(itemClass, "items-center text-sm font-medium text-link")}
            >
              {search.isFetchingNextPage ? "Loading more results…" : "Load more results"}
            </Command.Item>
          )}
        </Command.List>
        {search.isFetchNextPageError && (
          <OwnKeys>
            <InlineError message={errorMessage(search.error)} onRetry={() => void search.fetchNextPage()} />
          </OwnKeys>
        )}
        <p className="sr-only" role="status">
          {enabled && search.isSuccess
            ? `${hits.length === 1 ? "1 result" : `${hits.length} results`}${search.hasNextPage ? ", more available" : ""}`
            : ""}
        </p>
      </div>
    </Command>
  );
}
