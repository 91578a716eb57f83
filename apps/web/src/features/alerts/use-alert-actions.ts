/**
 * Marking alerts read, shared by the bell, the /alerts screen and the terms banner: the count
 * moves at once, the server's answer (and its alerts-read frame to the other tabs) follows, and a
 * failure says so in a toast with the §8 text and puts the count back.
 */
import type { TAlert } from "@portico/shared/schemas/alerts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../components/ui/toast";
import { alertKeys, alertsApi, alertsError, markedLocally } from "./api";

export function useSetAlertRead({ quiet = false }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alert, read }: { alert: TAlert; read: boolean }) =>
      alertsApi.setRead(alert.alert_id, read),
    onMutate: ({ alert, read }) => markedLocally(queryClient, alert, read),
    onSuccess: (_answer, { read }) => {
      if (!quiet) toast.success(read ? "Marked as read." : "Marked as unread.");
    },
    onError: (error) => toast.error(alertsError(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useReadAllAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alertsApi.readAll,
    onSuccess: () => toast.success("All alerts are marked as read."),
    onError: (error) => toast.error(alertsError(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
