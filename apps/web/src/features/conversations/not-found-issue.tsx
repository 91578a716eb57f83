/** An issue number that does not exist or that this viewer may not read (the same answer). */
import MessagesSquare from "lucide-react/icons/messages-square";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";

export default function NotFoundIssue({ issueNumber }: { issueNumber: number | null }) {
  return (
    <>
      <PageHeader
        title="Issue not found"
        breadcrumbs={[{ label: "Issues", to: "/issues" }, { label: "Not found" }]}
      />
      <EmptyState
        icon={MessagesSquare}
        title={issueNumber ? `There is no issue #${issueNumber} here` : "This is not an issue number"}
        description={<p>It may belong to another organization. Check the organization you act for.</p>}
        action={
          <Link to="/issues" className={buttonVariants({ variant: "secondary" })}>
            Go to Issues
          </Link>
        }
      />
    </>
  );
}
