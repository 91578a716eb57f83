import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router";
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
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <p className="mb-6 text-2xl font-bold tracking-tight text-brand-900">Portico</p>
      <h1 className="mb-3 text-xl font-semibold text-slate-900">Portico is under maintenance</h1>
      <p className="max-w-md text-slate-700">
        {data?.message || "We are improving the portal and will be back shortly."}
      </p>
      {until && <p className="mt-2 text-slate-700">Expected back by {until}.</p>}
      <p className="mt-6 text-sm text-slate-500">
        This page checks again every 30 seconds and returns when the portal is back.
      </p>
    </main>
  );
}
