import { useQuery } from "@tanstack/react-query";
import Wrench from "lucide-react/icons/wrench";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { BrandMark } from "../../components/ui/brand";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import { formatUntil, MAINTENANCE_POLL_MS, maintenanceStatusQuery } from "./api";

/** Shown while the portal is under maintenance; checks every 30 s and returns to the start when over. */
export default function MaintenanceScreen() {
  useDocumentTitle("Maintenance");
  const navigate = useNavigate();
  const { data } = useQuery({
    ...maintenanceStatusQuery,
    refetchInterval: MAINTENANCE_POLL_MS,
    retry: false,
  });

  useEffect(() => {
    if (data?.status === "OK") navigate("/", { replace: true });
  }, [data, navigate]);

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
        This page checks again every 30 seconds and returns when the portal is back.
      </p>
    </main>
  );
}
