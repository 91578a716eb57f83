import { useMatches } from "react-router";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import { useCurrentUser } from "../../lib/current-user";
import type { PlaceholderScreenDef } from "./screens";

export const COMING_SOON = "Coming soon: this screen arrives in a later release.";

/** A screen that later releases fill: its title and an honest line, nothing pretended. */
export function PlaceholderScreen({
  title,
  engineerOnly = false,
}: {
  title: string;
  engineerOnly?: boolean;
}) {
  useDocumentTitle(title);
  const { data: user } = useCurrentUser();
  const denied = engineerOnly && user !== undefined && !user.isEngineer;
  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-slate-700">
        {denied ? "This page is available to vendor engineers only." : COMING_SOON}
      </p>
    </section>
  );
}

/** Route component: the title comes from the matched route's `handle` (see screens.ts). */
export default function PlaceholderRoute() {
  const handle = useMatches().at(-1)?.handle as PlaceholderScreenDef | undefined;
  return <PlaceholderScreen title={handle?.title ?? ""} engineerOnly={handle?.engineerOnly ?? false} />;
}
