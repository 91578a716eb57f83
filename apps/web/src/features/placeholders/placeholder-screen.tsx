import ArrowRight from "lucide-react/icons/arrow-right";
import Hourglass from "lucide-react/icons/hourglass";
import ShieldAlert from "lucide-react/icons/shield-alert";
import { Link, useMatches } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { useCurrentUser } from "../../lib/current-user";
import type { PlaceholderScreenDef } from "./screens";

export const COMING_SOON = "Coming soon: this screen arrives in a later release.";
export const ENGINEERS_ONLY = "This page is available to vendor engineers only.";

/** A screen that later releases fill: its title and an honest line, nothing pretended. */
export function PlaceholderScreen({
  title,
  engineerOnly = false,
  parent,
}: {
  title: string;
  engineerOnly?: boolean;
  parent?: PlaceholderScreenDef["parent"];
}) {
  const { data: user } = useCurrentUser();
  const denied = engineerOnly && user !== undefined && !user.isEngineer;
  // The next step: where there is something to do today.
  const next =
    title === "Issues"
      ? { to: "/profile", label: "Complete your profile" }
      : { to: "/issues", label: "Go to Issues" };
  return (
    <>
      <PageHeader
        title={title}
        {...(parent ? { breadcrumbs: [{ label: parent.title, to: parent.path }, { label: title }] } : {})}
      />
      <EmptyState
        icon={denied ? ShieldAlert : Hourglass}
        title={denied ? "For vendor engineers" : "On its way"}
        description={<p>{denied ? ENGINEERS_ONLY : COMING_SOON}</p>}
        action={
          <Link to={next.to} className={buttonVariants({ variant: "secondary" })}>
            {next.label}
            <ArrowRight aria-hidden="true" />
          </Link>
        }
      />
    </>
  );
}

/** Route component: the title comes from the matched route's `handle` (see screens.ts). */
export default function PlaceholderRoute() {
  const handle = useMatches().at(-1)?.handle as PlaceholderScreenDef | undefined;
  return (
    <PlaceholderScreen
      title={handle?.title ?? ""}
      engineerOnly={handle?.engineerOnly ?? false}
      {...(handle?.parent ? { parent: handle.parent } : {})}
    />
  );
}
