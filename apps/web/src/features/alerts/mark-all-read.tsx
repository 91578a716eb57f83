import CheckCheck from "lucide-react/icons/check-check";
import { Button, type ButtonVariant } from "../../components/ui/button";
import { useReadAllAlerts } from "./use-alert-actions";

/** "Mark all as read" (POST /api/chat/alerts/read-all), of the bell and of /alerts. */
export function MarkAllReadButton({
  anyUnread,
  variant = "secondary",
  size = "md",
}: {
  anyUnread: boolean;
  variant?: ButtonVariant;
  size?: "sm" | "md";
}) {
  const readAll = useReadAllAlerts();
  return (
    <Button
      variant={variant}
      size={size}
      busy={readAll.isPending}
      disabled={!anyUnread}
      onClick={() => readAll.mutate()}
    >
      <CheckCheck aria-hidden="true" />
      Mark all as read
    </Button>
  );
}
