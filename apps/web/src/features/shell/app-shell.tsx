import { ALERTS, alertMessage } from "@portico/shared/errors";
import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { Navigate, Outlet, useLocation, useNavigate } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { BrandMark } from "../../components/ui/brand";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import { buildRedirect } from "../../lib/redirect";
import { subscribeRemoteSignOut, useSession } from "../../lib/session";
import { AlertsBell } from "../alerts/bell";
import { TermsBanner } from "../alerts/terms-banner";
import { MentionAlertsFor } from "../conversations/mention-watcher";
import { PanicAlertsForEngineers } from "../panic/panic-watcher";
import { SearchMenu } from "../search/search-menu";
import { SubscriptionBanners } from "../subscription/subscription-banners";
import { SystemAlertsSlot } from "../system-alerts/banner-slot";
import { WelcomeOffer } from "../tour/welcome-offer";
import { MobileMenu } from "./mobile-menu";
import { OrganizationSwitcher } from "./organization-switcher";
import { Sidebar } from "./sidebar";
import { UserMenu } from "./user-menu";

export const MAIN_ID = "main-content";

// In the shell so uploads go on while the user moves between screens; its chunk (the tus
// client) loads after the shell's.
const UploadPanel = lazy(() => import("../files/uploads/upload-panel"));
// Maintenance, live (broadcast frame, 4503 close, poll): its own chunk with the chat client.
const MaintenanceLive = lazy(() => import("../maintenance/maintenance-live"));

interface FrameProps {
  children: ReactNode;
  /** Send users without an organization to /create-account (not on pages they need before that). */
  requireOrganization?: boolean;
}

/**
 * The signed-in layout: skip link, sidebar (full or mini, remembered; a sheet on small screens),
 * top bar (organization, search, the alerts bell, user menu), the terms and subscription banners
 * and the screen, and the welcome tour's offer to a new customer.
 */
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
  const isEngineer = info?.isEngineer ?? false;

  return (
    <div className="min-h-dvh md:flex">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Sidebar isEngineer={isEngineer} mini={mini} onToggle={() => setMini(!mini)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
          <MobileMenu isEngineer={isEngineer} />
          <BrandMark compact className="md:hidden" />
          <div className="flex min-w-0 flex-1 items-center">
            {info && <OrganizationSwitcher user={info} />}
          </div>
          <SearchMenu isEngineer={isEngineer} />
          <PanicAlertsForEngineers isEngineer={isEngineer} />
          <MentionAlertsFor userId={info?.userId} />
          <AlertsBell userId={info?.userId} />
          <UserMenu user={info} pictureVersion={user.dataUpdatedAt} />
        </header>
        {info && (
          <Suspense fallback={null}>
            <MaintenanceLive isEngineer={info.isEngineer} />
          </Suspense>
        )}
        <SystemAlertsSlot enabled={info !== undefined} />
        <TermsBanner enabled={info !== undefined} />
        <SubscriptionBanners user={info} />
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          {user.isError ? (
            <QueryError query={user} message={alertMessage(ALERTS.FETCH_USER_INFO, user.error.error)} />
          ) : (
            children
          )}
        </main>
        <WelcomeOffer user={info} returnFocus={() => document.getElementById(MAIN_ID)} />
        <Suspense fallback={null}>
          <UploadPanel />
        </Suspense>
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
