/**
 * Maintenance, live, in the signed-in shell (its own chunk with the chat client). Maintenance
 * starting reaches an open browser three ways: the `maintenance` frame on the broadcast channel,
 * the chat socket closed with 4503, and, while the socket is down, a status check every 30 s. A
 * customer's browser then goes to /maintenance, remembering where it was (it comes back there when
 * maintenance ends); an engineer stays and sees a banner leading to /mnt.
 */
import { BROADCAST_CHANNEL, CHAT_CLOSE } from "@portico/shared/schemas/conversations";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Wrench from "lucide-react/icons/wrench";
import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { rememberMaintenanceReturn } from "../../lib/navigation";
import { getChatClient, useChannel, useConnectionState } from "../conversations/realtime/chat";
import { formatUntil, MAINTENANCE_POLL_MS, maintenanceDetailsQuery, maintenanceStatusQuery } from "./api";

export default function MaintenanceLive({ isEngineer }: { isEngineer: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef("");
  here.current = location.pathname + location.search;
  const { state } = useConnectionState();
  const status = useQuery({
    ...maintenanceStatusQuery,
    // The frame tells a connected browser at once; without the socket, ask now and then.
    refetchInterval: state === "connected" ? false : MAINTENANCE_POLL_MS,
    refetchOnWindowFocus: true,
  });

  const leave = useRef(() => {});
  leave.current = () => {
    if (isEngineer) return;
    rememberMaintenanceReturn(here.current);
    navigate("/maintenance");
  };

  useChannel(BROADCAST_CHANNEL, {
    onFrame: (frame) => {
      if (frame.type !== "maintenance") return;
      queryClient.setQueryData(maintenanceStatusQuery.queryKey, frame.status);
      void queryClient.invalidateQueries({ queryKey: maintenanceDetailsQuery.queryKey });
    },
    // Frames may have been missed while the socket was down: ask again.
    onResync: () => void queryClient.invalidateQueries({ queryKey: maintenanceStatusQuery.queryKey }),
  });

  useEffect(
    () =>
      getChatClient().onClosed((code) => {
        if (code === CHAT_CLOSE.maintenance) leave.current();
      }),
    [],
  );

  const on = status.data?.status === "MAINTENANCE";
  useEffect(() => {
    if (on) leave.current();
  }, [on]);

  if (!on || !isEngineer) return null;
  const until = formatUntil(status.data?.until ?? null);
  return (
    <section
      aria-label="Maintenance"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-warning-surface-foreground/25 bg-warning-surface px-4 py-2.5 text-sm text-warning-surface-foreground sm:px-6"
    >
      <Wrench aria-hidden="true" className="size-4 shrink-0" />
      <p role="status" className="min-w-0 flex-1">
        <span className="font-medium">Maintenance is on</span>
        {until ? ` until ${until}` : ""}: customers see the maintenance page.{" "}
        <Link to="/mnt" className="font-medium underline underline-offset-4">
          Manage maintenance
        </Link>
      </p>
    </section>
  );
}
