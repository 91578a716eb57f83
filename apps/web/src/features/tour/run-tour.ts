/**
 * The welcome tour on driver.js, in its own chunk (loaded by ./tour.ts when a tour starts).
 * driver.js gives the popover role="dialog" labelled by its title and described by its text;
 * this adds what a keyboard or screen-reader user needs on top: focus on the step's main
 * button, a named close button, an overlay hidden from assistive technology, and focus back
 * where the tour was started from.
 */
import { type DriveStep, driver, type PopoverDOM } from "driver.js";
import "driver.js/dist/driver.css";
import "./tour.css";
import { IN_THE_MENU, TOUR_STEPS, type TourStop } from "./tour-steps";

export const CLOSE_LABEL = "Close the tour";

/**
 * The visible link of a stop. The sidebar's and the mobile menu's navigations both carry the
 * anchors; at phone width neither is on screen and the step is shown in the middle instead.
 */
export function tourAnchor(stop: TourStop): Element | undefined {
  return Array.from(document.querySelectorAll(`[data-tour="${stop}"]`)).find(
    (element) => element.getClientRects().length > 0,
  );
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

export interface RunTourOptions {
  returnFocus: () => HTMLElement | null;
  onEnd: () => void;
}

export function runTour({ returnFocus, onEnd }: RunTourOptions): void {
  const steps: DriveStep[] = TOUR_STEPS.map((step, index) => {
    const anchor = tourAnchor(step.stop);
    return {
      // Nothing found: driver.js centres the popover.
      ...(anchor ? { element: anchor } : {}),
      popover: {
        title: step.title,
        description: anchor ? step.description : `${step.description} ${IN_THE_MENU}`,
        side: "right",
        align: "start",
        ...(index === 0 ? { showButtons: ["next", "close"] } : {}),
      },
    } satisfies DriveStep;
  });

  const tour = driver({
    steps,
    animate: !prefersReducedMotion(),
    showProgress: true,
    progressText: "Step {{current}} of {{total}}",
    nextBtnText: "Next",
    prevBtnText: "Back",
    doneBtnText: "Done",
    popoverClass: "portico-tour",
    // A click outside ends the tour rather than being swallowed; Escape and the close button too.
    allowClose: true,
    overlayClickBehavior: "close",
    overlayOpacity: 0.4,
    onPopoverRender: (popover: PopoverDOM) => {
      popover.closeButton.setAttribute("aria-label", CLOSE_LABEL);
      popover.closeButton.setAttribute("title", CLOSE_LABEL);
      // driver.js builds the popover of <header> and <footer>, which on <body> would be a second
      // banner and contentinfo landmark; the dialog's name and text already carry them.
      popover.title.setAttribute("role", "none");
      popover.footer.setAttribute("role", "none");
      // driver.js focuses the first button it finds visible (the close button, or nothing where
      // there is no layout); the step's way forward is the better start, once driver is done.
      queueMicrotask(() => popover.nextButton.focus());
    },
    onHighlighted: () => {
      // The overlay is a picture of the page around the link, nothing to read.
      document.querySelector(".driver-overlay")?.setAttribute("aria-hidden", "true");
      // A centred step points at driver's empty placeholder, which must not claim a popup.
      const placeholder = document.getElementById("driver-dummy-element");
      for (const name of ["aria-haspopup", "aria-expanded", "aria-controls"])
        placeholder?.removeAttribute(name);
    },
    // Every way out (Done, close, Escape, overlay) passes here; destroy() itself does not.
    onDestroyStarted: () => {
      tour.destroy();
      const target = returnFocus();
      if (target?.isConnected) target.focus();
      onEnd();
    },
  });
  tour.drive();
}
