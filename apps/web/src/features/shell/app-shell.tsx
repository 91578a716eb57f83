import { ALERT_CODES, alertMessage } from "@portico/shared/errors";
import clsx from "clsx";
import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import { buildRedirect } from "../../lib/redirect";
import { subscribeRemoteSignOut, useSession } from "../../lib/session";
import { MobileMenu } from "./mobile-menu";
import { SidebarContent } from "./sidebar-content";

interface FrameProps {
  children: ReactNode;
  /** Send users without an organization to /create-account (not on pages they need before that). */
  requireOrganization?: boolean;
}

/** The signed-in layout: sidebar (full or mini, remembered), mobile menu, and the screen. */
export function AppFrame({ children, requireOrganization = true }: FrameProps) {
  const session = useSession();
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [mini, setMini] = usePersisted("sidebarMini");

  // Signed out in another tab: go to sign-in, ready to come back here.
  useEffect(
    () => subscribeRemoteSignOut(() => navigate(buildRedirect(null, location), { replace: true })),
    [navigate, location],
  );

  if (!session) return null;
  const info = user.data;
  if (requireOrganization && info && info.accountId === null && !info.isEngineer) {
    return <Navigate to="/create-account" replace />;
  }

  return (
    <div className="min-h-screen md:flex">
      <aside
        className={clsx(
          "sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-white md:flex",
          mini ? "w-16" : "w-60 xl:w-64",
        )}
      >
        <SidebarContent user={info} mini={mini} />
        <button
          type="button"
          onClick={() => setMini(!mini)}
          aria-label={mini ? "Expand sidebar" : "Collapse sidebar"}
          className="border-t border-slate-200 px-2 py-2 text-xs text-slate-600 hover:bg-slate-50"
        >
          <span aria-hidden="true">{mini ? "»" : "« Collapse"}</span>
        </button>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-2 md:hidden">
          <MobileMenu user={info} />
          <span className="font-bold tracking-tight text-brand-900">Portico</span>
        </header>
        <main className="px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
          {user.isError ? (
            <ErrorAlert>{alertMessage(ALERT_CODES.FETCH_USER_INFO, user.error.error)}</ErrorAlert>
          ) : (
            children
          )}
        </main>
      </div>
    </div>
  );
}

export default function AppShell() {
  return (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}
