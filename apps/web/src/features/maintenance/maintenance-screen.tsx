import { useQuery } from "@tanstack/react-query";
import Wrench from "lucide-react/icons/wrench";
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { BrandMark } from "../../components/ui/brand";
import { Button } from "../../components/ui/button";
import { linkClass } from "../../components/ui/public-page";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import { takeMaintenanceReturn } from "../../lib/navigation";
import { useSession } from "../../lib/session";
import { signOut } from "../../lib/sign-out";
import { formatUntil, MAINTENANCE_SCREEN_POLL_MS, maintenanceStatusQuery } from "./api";

/**
 * Shown while the portal is under maintenance; checks every 5 s and, when it is over, returns to
 * where the user was when it began (or the start page). Engineers find their way to /mnt here;
 * anyone signed in may sign out.
 */
export default function MaintenanceScreen() {
  useDocumentTitle("Maintenance");
  const navigate = useNavigate();
  const session = useSession();
  const { data } = useQuery({
    ...maintenanceStatusQuery,
    refetchInterval: MAINTENANCE_SCREEN_POLL_MS,
    refetchIntervalInBackground: true,
    refetchOnMount: "always",
    retry: false,
  });

  // Once: the remembered path is forgotten when read.
  const returned = useRef(false);
  useEffect(() => {
    if (data?.status !== "OK" || returned.current) return;
    returned.current = true;
    navigate(takeMaintenanceReturn(), { replace: true });
  }, [data, navigate]);

  const leave = async () => {
    await signOut();
    navigate("/maintenance", { replace: true });
  };

  const until = formatUntil(data?.until ?? null);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <BrandMark className="mb-10" />
      <span className="mb-5 flex size-14 items-center justify-center rounded-full bg-warning-surface text-warning-surface-foreground">
        <Wrench aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mb-3 text-2xl font-semibold tracking-tight">Portico is under maintenance</h1>
      <p className="max-w-md text-muted-foreground">
        {data?.message || "We are improving the portal and will be back shortly."}
      </p>
      {until && <p className="mt-2 text-muted-foreground">Expected back by {until}.</p>}
      <p className="mt-8 text-sm text-muted-foreground">
        This page checks again every 5 seconds and takes you back to where you were when the portal is back.
      </p>
      <div className="mt-8 flex flex-col items-center gap-3 text-sm sm:flex-row sm:gap-6">
        <Link to="/mnt" className={linkClass}>
          Engineers: manage maintenance
        </Link>
        {session && (
          <Button variant="secondary" size="sm" onClick={() => void leave()}>
            Sign out
          </Button>
        )}
      </div>
    </main>
  );
}
