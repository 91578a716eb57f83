import type { TUserInfo } from "@portico/shared/schemas/accounts";
import type { ReactNode } from "react";
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
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  actions?: (user: TUserInfo) => ReactNode;
  children: (user: TUserInfo) => ReactNode;
}) {
  const { data: user } = useCurrentUser();
  if (user && !user.isEngineer) return <PlaceholderScreen title={title} engineerOnly />;
  return (
    <>
      <PageHeader title={title} description={description} actions={user && actions?.(user)} />
      {user && children(user)}
    </>
  );
}
