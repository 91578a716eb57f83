import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { Button } from "../../components/ui/button";
import { signOut } from "../../lib/sign-out";
import { OrganizationSwitcher } from "./organization-switcher";
import { SidebarNav } from "./sidebar-nav";

interface Props {
  user: TUserInfo | undefined;
  mini: boolean;
  onNavigate?: () => void;
}

/** Brand, organization, navigation and the signed-in user: the same in the sidebar and the mobile menu. */
export function SidebarContent({ user, mini, onNavigate }: Props) {
  return (
    <>
      <div className={mini ? "px-2 py-4 text-center" : "space-y-3 px-4 py-4"}>
        <p className="text-lg font-bold tracking-tight text-brand-900">{mini ? "P" : "Portico"}</p>
        {!mini && user && <OrganizationSwitcher user={user} />}
      </div>
      <SidebarNav
        isEngineer={user?.isEngineer ?? false}
        mini={mini}
        {...(onNavigate ? { onNavigate } : {})}
      />
      <div className={mini ? "border-t border-slate-200 px-1 py-3" : "border-t border-slate-200 py-3"}>
        {!mini && user && (
          <p className="mb-1 truncate px-4 text-sm font-medium text-slate-800" title={user.email}>
            {user.name}
          </p>
        )}
        <Button
          variant="ghost"
          className={mini ? "w-full px-1 text-xs" : "w-full justify-start rounded-none"}
          onClick={() => void signOut()}
        >
          Sign out
        </Button>
      </div>
    </>
  );
}
