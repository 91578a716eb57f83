/**
 * Engineers' "All users" (GET /api/auth/users): every user by name, searched by name or e-mail
 * and narrowed by kind and status, each with their organizations (links to the customer page);
 * 50 at a time with "Load more".
 */
import type { TDirectoryUser, UserDirectoryKind, UserDirectoryStatus } from "@portico/shared/schemas/users";
import { useInfiniteQuery } from "@tanstack/react-query";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import SearchX from "lucide-react/icons/search-x";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { type Column, PageTable, RowsSkeleton, TabSection } from "../customers/customer-tabs/tab-parts";
import { useDebouncedValue } from "../search/use-debounced-value";
import { type DirectoryFilters, directoryQuery } from "./users-api";

export const KIND_OPTIONS: readonly { value: UserDirectoryKind; label: string }[] = [
  { value: "all", label: "All users" },
  { value: "customers", label: "Customers" },
  { value: "engineers", label: "Engineers" },
];
export const STATUS_OPTIONS: readonly { value: UserDirectoryStatus; label: string }[] = [
  { value: "all", label: "Any status" },
  { value: "enabled", label: "Enabled" },
  { value: "disabled", label: "Disabled" },
];

function KindBadge({ user }: { user: TDirectoryUser }) {
  if (user.is_admin) return <Badge variant="warning">Admin</Badge>;
  if (user.is_engineer) return <Badge variant="info">Engineer</Badge>;
  return <Badge variant="outline">Customer</Badge>;
}

function Organizations({ user }: { user: TDirectoryUser }) {
  if (user.organizations.length === 0)
    return <span className="text-muted-foreground">{user.is_engineer ? "Vendor" : "None"}</span>;
  return (
    <ul className="space-y-0.5">
      {user.organizations.map((org) => (
        <li key={org.account_id}>
          <Link
            to={`/customers/${org.account_id}`}
            className="font-medium text-link underline-offset-4 hover:underline"
          >
            {org.company}
          </Link>
          {org.role === "owner" && <span className="text-muted-foreground"> (owner)</span>}
        </li>
      ))}
    </ul>
  );
}

const COLUMNS: readonly Column<TDirectoryUser>[] = [
  { header: "Name", className: "min-w-32 font-medium", cell: (u) => u.name },
  { header: "Email", className: "break-all", cell: (u) => u.email },
  { header: "Kind", cell: (u) => <KindBadge user={u} /> },
  { header: "Organizations", className: "min-w-40", cell: (u) => <Organizations user={u} /> },
  {
    header: "MFA",
    cell: (u) => (u.mfa_enabled ? <Badge variant="info">MFA on</Badge> : <Badge>MFA off</Badge>),
  },
  {
    header: "Status",
    cell: (u) =>
      u.is_disabled ? <Badge variant="danger">Disabled</Badge> : <Badge variant="success">Active</Badge>,
  },
];

const INITIAL = { kind: "all", status: "all" } as const;

export function DirectoryPanel() {
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<UserDirectoryKind>(INITIAL.kind);
  const [status, setStatus] = useState<UserDirectoryStatus>(INITIAL.status);
  const q = useDebouncedValue(search.trim(), 300);
  const filters: DirectoryFilters = { q, kind, status };
  const directory = useInfiniteQuery(directoryQuery(filters));
  const searchId = useId();
  const filtered = search !== "" || kind !== INITIAL.kind || status !== INITIAL.status;
  const reset = () => {
    setSearch("");
    setKind(INITIAL.kind);
    setStatus(INITIAL.status);
  };

  let body: ReactNode;
  if (directory.isError && !directory.data) body = <QueryError query={directory} />;
  else if (directory.isPending) body = <RowsSkeleton label="Loading the users" />;
  else {
    const users = directory.data.pages.flatMap((page) => page.items);
    const total = directory.data.pages.at(-1)?.total ?? 0;
    body =
      users.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title="No users match"
          description={<p>Try another search, or show every kind and status.</p>}
          action={
            filtered ? (
              <Button variant="secondary" onClick={reset}>
                <RotateCcw aria-hidden="true" />
                Reset filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Showing {users.length} of {total} users
          </p>
          <PageTable
            label="All users"
            columns={COLUMNS}
            rows={users}
            rowKey={(u) => u.user_id}
            busy={directory.isPlaceholderData}
          />
          {directory.isFetchNextPageError && <QueryError query={directory} />}
          {directory.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                busy={directory.isFetchingNextPage}
                onClick={() => void directory.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </div>
      );
  }

  return (
    <TabSection id="directory" title="All users">
      <fieldset aria-label="User filters" className="flex flex-wrap items-end gap-3">
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-64">
          <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
            Search
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder="Name or e-mail…"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">Kind</span>
          <Select
            aria-label="Kind"
            className="w-40"
            options={KIND_OPTIONS}
            value={kind}
            onValueChange={(value) => setKind(value as UserDirectoryKind)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">Status</span>
          <Select
            aria-label="Status"
            className="w-36"
            options={STATUS_OPTIONS}
            value={status}
            onValueChange={(value) => setStatus(value as UserDirectoryStatus)}
          />
        </div>
        {filtered && (
          <Button variant="ghost" onClick={reset}>
            <RotateCcw aria-hidden="true" />
            Reset filters
          </Button>
        )}
      </fieldset>
      {body}
    </TabSection>
  );
}
