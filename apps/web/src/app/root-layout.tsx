import { Outlet, ScrollRestoration } from "react-router";
import { OfflineBanner } from "../components/ui/offline-banner";

export function RootLayout() {
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** What shows while the first screen's code loads: nothing (spec §2.1). */
export function BlankPlaceholder() {
  return null;
}
