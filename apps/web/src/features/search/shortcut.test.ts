import { describe, expect, it } from "vitest";
import { isSearchShortcut, shortcutLabel } from "./shortcut";

const key = (over: Partial<KeyboardEvent>) => ({
  key: "/",
  code: "Slash",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...over,
});

describe("search shortcut", () => {
  it.each([
    ["Ctrl + /", key({ ctrlKey: true }), true],
    ["Cmd + /", key({ metaKey: true }), true],
    [
      "Ctrl + the Slash key on a layout where it types another character",
      key({ ctrlKey: true, key: "-" }),
      true,
    ],
    ["Ctrl + / typed with Shift on a German layout", key({ ctrlKey: true, code: "Digit7" }), true],
    ["/ alone (typing a path)", key({}), false],
    ["Ctrl + Alt + / (AltGr on some layouts)", key({ ctrlKey: true, altKey: true }), false],
    ["Ctrl + another key", key({ ctrlKey: true, key: "k", code: "KeyK" }), false],
  ])("%s", (_name, event, expected) => {
    expect(isSearchShortcut(event)).toBe(expected);
  });

  it("names the shortcut as the platform does", () => {
    expect(shortcutLabel("MacIntel")).toBe("⌘ /");
    expect(shortcutLabel("Win32")).toBe("Ctrl /");
    expect(shortcutLabel("Linux x86_64")).toBe("Ctrl /");
  });
});
