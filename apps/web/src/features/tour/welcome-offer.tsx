import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Compass from "lucide-react/icons/compass";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { completeTour, startTour, useTourRunning } from "./tour";

export const WELCOME = {
  region: "Welcome tour",
  title: "Welcome to Portico",
  text: "Take a one-minute tour of issues, panic, clusters, files and licences.",
  start: "Start the tour",
  later: "Not now",
  laterDone: "You can take the tour any time from your user menu.",
} as const;

/**
 * The offer of the welcome tour to a customer who has not taken or dismissed it. Not a dialog:
 * a labelled region at the bottom of the content that takes no focus and covers nothing, so a
 * keyboard or screen-reader user meets it in the page's order and may ignore it.
 */
export function WelcomeOffer({
  user,
  returnFocus,
}: {
  user: TUserInfo | undefined;
  returnFocus: () => HTMLElement | null;
}) {
  const queryClient = useQueryClient();
  const running = useTourRunning();
  const later = useMutation({
    mutationFn: () => completeTour(queryClient),
    onSuccess: () => toast.success(WELCOME.laterDone),
  });

  if (!user || user.isEngineer || user.accountId === null || !user.tourPending || running) return null;
  return (
    <section
      aria-label={WELCOME.region}
      className="sticky bottom-4 z-20 mx-4 mb-4 max-w-sm self-start rounded-lg border bg-popover p-4 text-popover-foreground shadow-lg sm:mx-6 lg:mx-10"
    >
      <div className="flex gap-3">
        <Compass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 space-y-1">
          <h2 className="text-sm font-semibold">{WELCOME.title}</h2>
          <p className="text-sm text-muted-foreground">{WELCOME.text}</p>
        </div>
      </div>
      {later.isError && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(later.error)}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" busy={later.isPending} onClick={() => later.mutate()}>
          {WELCOME.later}
        </Button>
        <Button
          size="sm"
          onClick={() => {
            // Saved at once, so a tour left half-way is not offered again; should this fail,
            // the end of the tour saves it.
            completeTour(queryClient).catch(() => undefined);
            void startTour({ queryClient, returnFocus });
          }}
        >
          {WELCOME.start}
        </Button>
      </div>
    </section>
  );
}
