import type { TUserInfo } from "@portico/shared/schemas/accounts";
import type { ReactNode } from "react";
import type { Crumb } from "../../components/ui/breadcrumbs";
import { PageHeader } from "../../components/ui/page-header";
import { useCurrentUser } from "../../lib/current-user";
import { PlaceholderScreen } from "./placeholder-screen";

/**
 * A vendor engineers' screen: its header, then its content once the viewer is known. A customer
 * who opens the address gets the "for vendor engineers" screen and nothing is fetched.
 */
export function EngineerScreen({
  title,
  description,
  breadcrumbs,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  /** A nested screen's way back up; the last crumb is this screen. */
  breadcrumbs?: readonly Crumb[];
  actions?: (user: TUserInfo) => ReactNode;
  children: (user: TUserInfo) => ReactNode;
}) {
  const { data: user } = useCurrentUser();
  const parent = breadcrumbs && breadcrumbs.length > 1 ? breadcrumbs[0] : undefined;
  if (user && !user.isEngineer)
    return (
      <PlaceholderScreen
        title={title}
        {...(parent?.to ? { parent: { title: parent.label, path: parent.to } } : {})}
      />
    );
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={user && actions?.(user)}
        {...(breadcrumbs ? { breadcrumbs } : {})}
      />
      {user && children(user)}
    </>
  );
}
