import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { OfflineBanner } from "../components/ui/offline-banner";

// Toasts appear only after an action, so sonner loads after the first screen, not with it.
const Toaster = lazy(() => import("../components/ui/toast"));

export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** What shows while the first screen's code loads: nothing (spec §2.1). */
export function BlankPlaceholder() {
  return null;
}
