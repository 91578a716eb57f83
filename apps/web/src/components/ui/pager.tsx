import { Button } from "./button";

/** Previous / "Page n of m" / Next under a server-paged list; nothing when it fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  more = false,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The count is capped: there may be pages past `pages` ("Page 400 of 400+"). */
  more?: boolean;
}) {
  if (pages <= 1 && !more) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-2 text-sm">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-muted-foreground">
        Page {page} of {pages}
        {more ? "+" : ""}
      </span>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= pages && !more}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
