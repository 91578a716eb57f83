import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createPersistedStore, DEFAULTS, usePersisted } from "./persisted-store";

const fresh = () => createPersistedStore(() => localStorage);

describe("persisted store", () => {
  it("reads defaults when nothing is stored", () => {
    const store = fresh();
    expect(store.get("sidebarMini")).toBe(false);
    expect(store.get("selectedAccountId")).toBeNull();
    expect(store.get("issueTabs")).toEqual([]);
  });

  it("writes JSON under portico.<key> and reads it back in a new store (a reload)", () => {
    fresh().set("sidebarMini", true);
    fresh().set("issueTabs", [3, 7]);
    expect(localStorage.getItem("portico.sidebarMini")).toBe("true");
    const reloaded = fresh();
    expect(reloaded.get("sidebarMini")).toBe(true);
    expect(reloaded.get("issueTabs")).toEqual([3, 7]);
  });

  it("falls back to the default for corrupted JSON or a value of the wrong type", () => {
    localStorage.setItem("portico.sidebarMini", "{not json");
    localStorage.setItem("portico.selectedAccountId", '"seven"');
    localStorage.setItem("portico.replyDrafts", '{"12": 5}');
    const store = fresh();
    expect(store.get("sidebarMini")).toBe(DEFAULTS.sidebarMini);
    expect(store.get("selectedAccountId")).toBeNull();
    expect(store.get("replyDrafts")).toEqual({});
  });

  it("remove() returns to the default", () => {
    const store = fresh();
    store.set("selectedAccountId", 4);
    store.remove("selectedAccountId");
    expect(store.get("selectedAccountId")).toBeNull();
    expect(localStorage.getItem("portico.selectedAccountId")).toBeNull();
  });

  it("notifies subscribers of that key only", () => {
    const store = fresh();
    const mini = vi.fn();
    const tabs = vi.fn();
    store.subscribe("sidebarMini", mini);
    store.subscribe("issueTabs", tabs);
    store.set("sidebarMini", true);
    expect(mini).toHaveBeenCalledTimes(1);
    expect(tabs).not.toHaveBeenCalled();
  });

  it("keeps working in memory when storage refuses writes", () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const store = createPersistedStore(() => broken);
    expect(() => store.set("sidebarMini", true)).not.toThrow();
    expect(store.get("sidebarMini")).toBe(true);
  });

  it("picks up a change made in another tab (storage event)", () => {
    const store = fresh();
    expect(store.get("sidebarMini")).toBe(false);
    localStorage.setItem("portico.sidebarMini", "true");
    window.dispatchEvent(new StorageEvent("storage", { key: "portico.sidebarMini" }));
    expect(store.get("sidebarMini")).toBe(true);
  });

  it("usePersisted re-renders with the new value", () => {
    const store = fresh();
    const { result } = renderHook(() => usePersisted("sidebarMini", store));
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(result.current[0]).toBe(true);
    expect(fresh().get("sidebarMini")).toBe(true);
  });

  it("keeps the customer filter as stored; null is the default (the list parses it with the shared rule)", () => {
    const chosen = {
      quickFilter: "account_manager",
      userId: 7,
      userName: "Eve Engineer",
      status: "disabled",
      plans: ["ENTERPRISE"],
      trial: true,
    } as const;
    fresh().set("customerFilter", { ...chosen, plans: [...chosen.plans] });
    expect(fresh().get("customerFilter")).toEqual(chosen);
    localStorage.setItem("portico.customerFilter", "[1,2]");
    expect(fresh().get("customerFilter")).toBeNull();
  });
});
