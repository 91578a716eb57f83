/**
 * /users (issue 17, spec §2.2): the selected organization's members for everyone (owners manage
 * them, plain users read); engineers also get "All users", the directory of every user, shown
 * first.
 */
import { VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import ArrowRight from "lucide-react/icons/arrow-right";
import Building from "lucide-react/icons/building-2";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useCurrentUser } from "../../lib/current-user";
import { RowsSkeleton } from "../customers/customer-tabs/tab-parts";
import { DirectoryPanel } from "./directory-panel";
import { MembersPanel } from "./members-panel";

const TITLE = "Users";

function NoOrganization() {
  return (
    <EmptyState
      icon={Building}
      title="No organization yet"
      description={
        <p>You are not a member of any organization yet. Create one or ask its owner to invite you.</p>
      }
      action={
        <Link to="/add-organization" className={buttonVariants({ variant: "secondary" })}>
          Add an organization
          <ArrowRight aria-hidden="true" />
        </Link>
      }
    />
  );
}

export default function UsersScreen() {
  const current = useCurrentUser();
  const user = current.data;
  // Engineers' tab is in the address (?tab=members), so a link or Back returns to it.
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "members" ? "members" : "all";

  let body: ReactNode;
  if (current.isError) body = <QueryError query={current} />;
  else if (!user) body = <RowsSkeleton label="Loading the users" />;
  else {
    const accountId = user.accountId;
    const company = user.companyName ?? "";
    // The vendor's own organization is run from Customers (engineers' roles), not as members here.
    const vendor = accountId === VENDOR_ACCOUNT_ID;
    const members =
      accountId === null ? (
        <NoOrganization />
      ) : vendor && user.isEngineer ? (
        <EmptyState
          icon={Building}
          title="Choose an organization"
          description={
            <p>
              Pick a customer's organization in the organization switcher, or open it from Customers, to
              manage its members here.
            </p>
          }
          action={
            <Link to="/customers" className={buttonVariants({ variant: "secondary" })}>
              Open Customers
              <ArrowRight aria-hidden="true" />
            </Link>
          }
        />
      ) : (
        <MembersPanel
          accountId={accountId}
          company={company}
          canManage={!vendor && (user.isEngineer || user.roles.includes("account_owner"))}
          selfId={user.userId}
        />
      );
    body = user.isEngineer ? (
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setParams(value === "members" ? { tab: "members" } : {}, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        <TabsList aria-label="Users to show" className="max-w-full overflow-x-auto">
          <TabsTrigger value="all">All users</TabsTrigger>
          <TabsTrigger value="members">
            {company && !vendor ? `Members of ${company}` : "Organization members"}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <DirectoryPanel />
        </TabsContent>
        <TabsContent value="members">{members}</TabsContent>
      </Tabs>
    ) : (
      members
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          user?.isEngineer
            ? "Every user of Portico, and the members of the organization you act as."
            : "The members of your organization and its pending invitations."
        }
      />
      {body}
    </>
  );
}
