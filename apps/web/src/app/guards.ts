/** Route loaders that decide before a screen renders: maintenance at start, and signed-in areas. */
import { type LoaderFunctionArgs, redirect } from "react-router";
import { isMaintenanceExempt, rememberMaintenanceReturn } from "../lib/navigation";
import { buildRedirect } from "../lib/redirect";
import { getSession } from "../lib/session";
import { boot, takeSessionLostAtBoot } from "./boot";

/** Maintenance was on at start and the user has not reached /maintenance (or /mnt) yet. */
let maintenancePending = true;

/** Loaders run in parallel, so every guard applies the maintenance rule first. */
async function checkMaintenance(request: Request): Promise<void> {
  const { maintenance } = await boot();
  const url = new URL(request.url);
  if (maintenance && maintenancePending && !isMaintenanceExempt(url.pathname)) {
    rememberMaintenanceReturn(url.pathname + url.search);
    throw redirect("/maintenance");
  }
}

/** Root: waits for start-up; sends the user to /maintenance if maintenance was on at start. */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await checkMaintenance(request);
  return null;
}

/** /maintenance and /mnt: reached, so the start-up redirect has done its work. */
export async function maintenanceReached(): Promise<null> {
  await boot();
  maintenancePending = false;
  return null;
}

/** Signed-in areas: without a session, go to sign-in carrying the requested path and query. */
export async function requireSession({ request }: LoaderFunctionArgs): Promise<null> {
  await checkMaintenance(request);
  if (getSession()) return null;
  const url = new URL(request.url);
  throw redirect(buildRedirect(takeSessionLostAtBoot() ? "expired" : null, url));
}
