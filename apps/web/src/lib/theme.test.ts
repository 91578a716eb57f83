import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "./persisted-store";
import { resolveTheme, startThemeSync } from "./theme";

/** A fake system setting whose "dark" can be flipped, as the OS would. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, "matchMedia").mockReturnValue(query as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains("dark");
let stop: (() => void) | undefined;

beforeEach(() => {
  persistedStore.remove("theme");
  document.documentElement.classList.remove("dark");
});

afterEach(() => stop?.());

describe("theme", () => {
  it("resolves system, light and dark", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("follows the system setting by default, also when it changes", () => {
    const system = fakeSystem(true);
    stop = startThemeSync();
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(false);
  });

  it("a chosen theme overrides the system, is stored, and survives a reload", () => {
    const system = fakeSystem(true);
    stop = startThemeSync();
    persistedStore.set("theme", "light");
    expect(isDark()).toBe(false);
    system.set(true);
    expect(isDark()).toBe(false);
    expect(localStorage.getItem("portico.theme")).toBe('"light"');
  });

  it("public/theme.js applies the stored choice before the app loads", () => {
    fakeSystem(false);
    const script = readFileSync(join(__dirname, "../../public/theme.js"), "utf8");
    localStorage.setItem("portico.theme", '"dark"');
    new Function(script)();
    expect(isDark()).toBe(true);
    localStorage.setItem("portico.theme", '"system"');
    new Function(script)();
    expect(isDark()).toBe(false);
  });
});
