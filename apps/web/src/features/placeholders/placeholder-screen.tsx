import ArrowRight from "lucide-react/icons/arrow-right";
import ShieldAlert from "lucide-react/icons/shield-alert";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";

export const ENGINEERS_ONLY = "This page is available to vendor engineers only.";

/** What a customer sees at a vendor engineers' address: its title and where to go instead. */
export function PlaceholderScreen({
  title,
  parent,
}: {
  title: string;
  parent?: { title: string; path: string };
}) {
  return (
    <>
      <PageHeader
        title={title}
        {...(parent ? { breadcrumbs: [{ label: parent.title, to: parent.path }, { label: title }] } : {})}
      />
      <EmptyState
        icon={ShieldAlert}
        title="For vendor engineers"
        description={<p>{ENGINEERS_ONLY}</p>}
        action={
          <Link to="/issues" className={buttonVariants({ variant: "secondary" })}>
            Go to Issues
            <ArrowRight aria-hidden="true" />
          </Link>
        }
      />
    </>
  );
}
