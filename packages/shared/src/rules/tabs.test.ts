import { describe, expect, it } from "vitest";
import { closeAll, closeOthers, closeTab, MAX_OPEN_TABS, openTab, sanitizeTabs, tabAfterClose } from "./tabs";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("openTab", () => {
  it.each<[string, number[], number, number[]]>([
    ["first tab", [], 7, [7]],
    ["new tab goes last", [1, 2], 3, [1, 2, 3]],
    ["re-opening keeps the order", [1, 2, 3], 1, [1, 2, 3]],
    ["invalid issue number ignored", [1], 0, [1]],
    ["fractional issue number ignored", [1], 1.5, [1]],
    ["49 + 1 fills up to the limit", range(1, 49), 50, range(1, 50)],
    ["51st drops the oldest", range(1, 50), 51, range(2, 51)],
    ["re-opening at the limit drops nothing", range(1, 50), 25, range(1, 50)],
  ])("%s", (_name, tabs, issueNumber, expected) => {
    const before = [...tabs];
    const next = openTab(tabs, issueNumber);
    expect(next).toEqual(expected);
    expect(next.length).toBeLessThanOrEqual(MAX_OPEN_TABS);
    expect(tabs).toEqual(before);
  });
});

describe("closing", () => {
  it.each<[string, (tabs: number[]) => number[], number[]]>([
    ["close this", (t) => closeTab(t, 2), [1, 3]],
    ["close a tab that isn't open", (t) => closeTab(t, 9), [1, 2, 3]],
    ["close others", (t) => closeOthers(t, 2), [2]],
    ["close others of a tab that isn't open", (t) => closeOthers(t, 9), []],
    ["close all", () => closeAll(), []],
  ])("%s", (_name, close, expected) => {
    const tabs = [1, 2, 3];
    expect(close(tabs)).toEqual(expected);
    expect(tabs).toEqual([1, 2, 3]);
  });
});

describe("tabAfterClose", () => {
  it.each<[number[], number, number | null]>([
    [[1, 2, 3], 2, 3],
    [[1, 2, 3], 3, 2],
    [[1, 2, 3], 1, 2],
    [[1], 1, null],
    [[1, 2], 9, null],
  ])("%j closing %i → %s", (tabs, closed, expected) => {
    expect(tabAfterClose(tabs, closed)).toBe(expected);
  });
});

describe("sanitizeTabs", () => {
  it.each<[unknown, number[]]>([
    [null, []],
    ["1,2", []],
    [{ 0: 1 }, []],
    [
      [1, 2, 2, 3],
      [1, 2, 3],
    ],
    [
      [1, "2", -3, 0, 4.5, null, 5],
      [1, 5],
    ],
    [range(1, 60), range(11, 60)],
  ])("%j → %j", (value, expected) => {
    expect(sanitizeTabs(value)).toEqual(expected);
  });
});
