import { type RefObject, useEffect } from "react";

/**
 * While a modal dialog is open, makes everything outside it `inert`. Radix hides the rest of
 * the page from screen readers with aria-hidden and traps focus by script; `inert` also takes
 * that content out of the tab order for the browser itself (and axe's aria-hidden-focus rule
 * then agrees). Restores exactly what it changed.
 */
export function useInertOutside(content: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const node = content.current;
    if (!node) return;
    const changed: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling.contains(node) || sibling.hasAttribute("inert")) continue;
      if (sibling instanceof HTMLScriptElement || sibling instanceof HTMLStyleElement) continue;
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
    return () => {
      for (const element of changed) element.removeAttribute("inert");
    };
  }, [content]);
}
