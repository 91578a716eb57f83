/**
 * An engineer's online state beside their name: a filled dot when online, a hollow ring when
 * offline (shape, not colour only), with the word for screen readers and as a tooltip.
 */
import { cn } from "../../../lib/cn";
import { useOnline } from "../presence";

export function PresenceDot({ online, className }: { online: boolean; className?: string }) {
  const word = online ? "online" : "offline";
  return (
    <span className={cn("inline-flex items-center", className)} title={online ? "Online" : "Offline"}>
      <span
        aria-hidden="true"
        data-presence={word}
        className={cn(
          "inline-block size-2 shrink-0 rounded-full",
          online ? "bg-success-surface-foreground" : "border border-muted-foreground",
        )}
      />
      <span className="sr-only">({word})</span>
    </span>
  );
}

/** The dot of an engineer by user id, live; `fallback` until the engineers' list says. */
export function EngineerPresence({
  userId,
  fallback = false,
  className,
}: {
  userId: number | null;
  fallback?: boolean;
  className?: string;
}) {
  const online = useOnline(userId) ?? fallback;
  if (userId === null) return null;
  return <PresenceDot online={online} className={className} />;
}
