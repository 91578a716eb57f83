/**
 * /users-without-membership (issue 17, engineers): users who belong to no organization
 * (GET accounts/users-without-membership), searched by e-mail, each attachable to an
 * organization; an attached user leaves the list at once. Customers get the engineers-only page.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import UserCheck from "lucide-react/icons/user-check";
import { useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { type Column, PagedTab } from "../customers/customer-tabs/tab-parts";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { useDebouncedValue } from "../search/use-debounced-value";
import { formatDay } from "../subscription/subscription-parts";
import { AttachDialog } from "./attach-dialog";
import {
  type TUserWithoutMembership,
  type TUserWithoutMembershipPage,
  usersKeys,
  withoutMembershipQuery,
} from "./users-api";

const TITLE = "Users without membership";

function WithoutMembership() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 300);
  const query = useQuery(withoutMembershipQuery(q, page));
  const queryClient = useQueryClient();
  const [attaching, setAttaching] = useState<TUserWithoutMembership | null>(null);
  const [open, setOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();

  const attached = (user: TUserWithoutMembership) => {
    // The row leaves at once; the list is then read again (the next page's first row moves up).
    queryClient.setQueryData<TUserWithoutMembershipPage>(usersKeys.withoutMembership(q, page), (data) =>
      data
        ? {
            ...data,
            items: data.items.filter((u) => u.user_id !== user.user_id),
            total: Math.max(0, data.total - 1),
          }
        : data,
    );
    void queryClient.invalidateQueries({ queryKey: usersKeys.all });
  };

  const columns: readonly Column<TUserWithoutMembership>[] = [
    { header: "Name", className: "min-w-32 font-medium", cell: (u) => u.name },
    { header: "Email", className: "break-all", cell: (u) => u.email },
    {
      header: "Signed up",
      className: "whitespace-nowrap text-muted-foreground",
      cell: (u) => formatDay(u.created_at),
    },
    {
      header: "Actions",
      className: "text-right",
      cell: (u) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Attach ${u.name} to an organization`}
          onClick={() => {
            setAttaching(u);
            setOpen(true);
          }}
        >
          Attach to organization
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-72">
        <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
          Search
        </label>
        <Input
          ref={searchRef}
          id={searchId}
          type="search"
          placeholder="E-mail address…"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      <PagedTab
        id="users-without-membership"
        title="Users"
        query={query}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(u) => u.user_id}
        summary={(data) => (
          <p className="text-sm text-muted-foreground">
            {data.total === 1 ? "1 user belongs" : `${data.total} users belong`} to no organization
          </p>
        )}
        empty={
          <EmptyState
            icon={UserCheck}
            title={q ? "No user matches" : "Everyone belongs to an organization"}
            description={
              <p>
                {q
                  ? "Try another part of the e-mail address."
                  : "Users who sign up without creating or joining an organization appear here, to attach them to one."}
              </p>
            }
          />
        }
      />
      <AttachDialog
        user={attaching}
        open={open}
        onOpenChange={setOpen}
        fallbackFocus={searchRef}
        onAttached={attached}
      />
    </div>
  );
}

export default function UsersWithoutMembershipScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="People with a Portico sign-in who belong to no organization: attach each to the organization they work for."
    >
      {() => <WithoutMembership />}
    </EngineerScreen>
  );
}
