import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, vi } from "vitest";

// jsdom has no layout: ScrollRestoration's scrolling is a no-op here.
window.scrollTo = () => undefined;

// What Radix (popper, pointer capture) and cmdk (scrolling the active option) call and jsdom lacks.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

afterEach(async () => {
  // sonner removes a dismissed toast on a 200 ms timer: dismiss while the page is still there and
  // let the timer fire, or it fires after the test file's window is gone (an uncaught error).
  if (toast.getToasts().length > 0) {
    toast.dismiss();
    if (vi.isFakeTimers()) vi.advanceTimersByTime(250);
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  cleanup();
  // sonner keeps active toasts in a module-level store and replays them to the next Toaster.
  toast.dismiss();
  localStorage.clear();
  sessionStorage.clear();
});
