/**
 * Start-up, once per page: check maintenance status (spec §2.3), restore the session with the
 * refresh cookie when the stored access token is due, start the 60 s renewal check, and start
 * error reporting in the background. Route loaders await it, so screens render on a known state.
 */
import { api, isApiError } from "../lib/api-client";
import { startErrorReporting } from "../lib/error-reporting";
import { getSession } from "../lib/session";
import { renewSession, startRenewalTimer } from "../lib/session-renewal";
import { shouldRenew } from "../lib/token-rules";

export interface BootResult {
  /** Maintenance status was not OK at start. */
  maintenance: boolean;
}

let booting: Promise<BootResult> | null = null;
let sessionLostAtBoot = false;

async function checkMaintenance(): Promise<boolean> {
  try {
    const answer = await api.get<{ status: string }>("/api/maintenance/status", {
      auth: false,
      aid: false,
      global: false,
    });
    return answer.status !== "OK";
  } catch (error) {
    // Unreachable server: not maintenance; the screens show the offline error themselves.
    return isApiError(error) && error.status === 503;
  }
}

async function restoreSession(): Promise<void> {
  const session = getSession();
  if (!session || !shouldRenew(session.expiresAt, Date.now())) return;
  try {
    sessionLostAtBoot = (await renewSession()) === null;
  } catch {
    // Offline or server trouble: keep the session; the next check or a 401 decides.
  }
}

export function boot(): Promise<BootResult> {
  booting ??= (async () => {
    void startErrorReporting();
    const [maintenance] = await Promise.all([checkMaintenance(), restoreSession()]);
    startRenewalTimer();
    return { maintenance };
  })();
  return booting;
}

/** True once if the stored session could not be renewed at start (the user sees "expired"). */
export function takeSessionLostAtBoot(): boolean {
  const lost = sessionLostAtBoot;
  sessionLostAtBoot = false;
  return lost;
}
