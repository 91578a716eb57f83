/**
 * Toasts (sonner): short confirmations of what just happened ("Your profile has been saved.").
 * Failures stay beside the form that caused them; a toast is never the only place an error is shown.
 */
import { Toaster as Sonner, toast } from "sonner";
import { useResolvedTheme } from "../../lib/theme";

export { toast };

/** Mounted once at the root (lazily: sonner is not part of the first load). */
export default function Toaster() {
  const theme = useResolvedTheme();
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{ classNames: { toast: "font-sans", description: "text-muted-foreground" } }}
    />
  );
}
