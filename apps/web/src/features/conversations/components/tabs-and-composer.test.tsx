import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../../lib/persisted-store";
import { currentUrl, renderScreen } from "../../../test/helpers";
import { Composer } from "./composer";
import { IssueTabs } from "./issue-tabs";

beforeEach(() => {
  localStorage.clear();
  persistedStore.remove("issueTabs");
  persistedStore.remove("replyDrafts");
});

describe("issue tabs", () => {
  it("closes other tabs from a tab's menu and remembers the rest", async () => {
    persistedStore.set("issueTabs", [1, 2, 3]);
    const { user } = renderScreen(<IssueTabs />, { path: "/issues/:issueNumber", url: "/issues/2" });
    const tabs = screen.getByRole("navigation", { name: "Issue tabs" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["#1", "#2", "#3"]);
    await user.click(screen.getByRole("button", { name: "Tab actions for #2" }));
    await user.click(await screen.findByRole("menuitem", { name: "Close other tabs" }));
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["#2"]);
    expect(JSON.parse(localStorage.getItem("portico.issueTabs") ?? "null")).toEqual([2]);
  });

  it("closing the tab on screen shows its neighbour; close all goes back to the list", async () => {
    persistedStore.set("issueTabs", [4, 5, 6]);
    const { user, router } = renderScreen(<IssueTabs />, {
      path: "/issues/:issueNumber",
      url: "/issues/5",
      routes: [{ path: "/issues", element: <p>List</p> }],
    });
    await user.click(screen.getByRole("button", { name: "Close #5" }));
    expect(currentUrl(router)).toBe("/issues/6");
    await user.click(screen.getByRole("button", { name: "Tab actions for #6" }));
    await user.click(await screen.findByRole("menuitem", { name: "Close all tabs" }));
    expect(currentUrl(router)).toBe("/issues");
    expect(persistedStore.get("issueTabs")).toEqual([]);
  });
});

describe("composer", () => {
  const props = { issueNumber: 9, disabled: false, sending: false, error: null, onTyping: () => {} };

  it("keeps the draft per issue across a remount (a reload reads the same store)", async () => {
    const first = renderScreen(<Composer {...props} onSend={vi.fn()} />);
    await first.user.type(screen.getByRole("textbox", { name: "Reply" }), "half a thought");
    first.unmount();
    renderScreen(<Composer {...props} onSend={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: "Reply" })).toHaveValue("half a thought");
    expect(JSON.parse(localStorage.getItem("portico.replyDrafts") ?? "{}")).toEqual({
      "9": "half a thought",
    });
  });

  it("Enter sends and clears the draft; Shift+Enter adds a line", async () => {
    const onSend = vi.fn().mockResolvedValue(undefined);
    const { user } = renderScreen(<Composer {...props} onSend={onSend} />);
    const box = screen.getByRole("textbox", { name: "Reply" });
    await user.type(box, "line one{Shift>}{Enter}{/Shift}line two");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "{Enter}");
    expect(onSend).toHaveBeenCalledWith("line one\nline two", []);
    expect(box).toHaveValue("");
    expect(persistedStore.get("replyDrafts")).toEqual({});
  });
});
