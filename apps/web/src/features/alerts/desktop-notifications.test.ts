import { afterEach, describe, expect, it, vi } from "vitest";
import {
  desktopNotificationState,
  requestDesktopNotifications,
  showAlertNotification,
} from "./desktop-notifications";
import { makeAlert } from "./test-data";

const alert = makeAlert();

/** A fake Notification whose permission the test sets; records what was shown. */
function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: { title: string; options: NotificationOptions; instance: FakeNotification }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer;
      return answer;
    });
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, instance: this });
    }
  }
  vi.stubGlobal("Notification", FakeNotification);
  return { shown, FakeNotification };
}

function setVisibility(state: DocumentVisibilityState) {
  vi.spyOn(document, "visibilityState", "get").mockReturnValue(state);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("desktop notifications", () => {
  it.each([
    ["granted", "enabled"],
    ["denied", "disabled"],
    ["default", "unknown"],
  ] as const)("permission %s is the state %s", (permission, state) => {
    stubNotifications(permission);
    expect(desktopNotificationState()).toBe(state);
  });

  it("a browser without the Notification API counts as disabled and is never asked", async () => {
    vi.stubGlobal("Notification", undefined);
    // `in` sees a property set to undefined: remove it for real.
    Reflect.deleteProperty(window, "Notification");
    expect(desktopNotificationState()).toBe("disabled");
    expect(await requestDesktopNotifications()).toBe("disabled");
    setVisibility("hidden");
    expect(showAlertNotification(alert, vi.fn())).toBe(false);
  });

  it("asking answers the state after the user's choice", async () => {
    const { FakeNotification } = stubNotifications("default", "granted");
    expect(await requestDesktopNotifications()).toBe("enabled");
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    stubNotifications("default", "denied");
    expect(await requestDesktopNotifications()).toBe("disabled");
  });

  it("shows a hidden tab's alert with its message, once per alert across tabs (tag)", () => {
    const { shown } = stubNotifications("granted");
    setVisibility("hidden");
    expect(showAlertNotification(alert, vi.fn())).toBe(true);
    expect(shown).toEqual([
      expect.objectContaining({ title: "Portico", options: { body: alert.message, tag: "alert-41" } }),
    ]);
  });

  it("clicking the notification focuses the tab, opens the alert and closes it", () => {
    const { shown } = stubNotifications("granted");
    setVisibility("hidden");
    const focus = vi.spyOn(window, "focus").mockImplementation(() => undefined);
    const onOpen = vi.fn();
    showAlertNotification(alert, onOpen);
    const notification = shown[0]?.instance;
    notification?.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledWith(alert);
    expect(notification?.close).toHaveBeenCalled();
  });

  it("shows nothing while the tab is visible (the bell has it)", () => {
    const { shown } = stubNotifications("granted");
    setVisibility("visible");
    expect(showAlertNotification(alert, vi.fn())).toBe(false);
    expect(shown).toEqual([]);
  });

  it.each(["default", "denied"] as const)("shows nothing without permission (%s)", (permission) => {
    const { shown } = stubNotifications(permission);
    setVisibility("hidden");
    expect(showAlertNotification(alert, vi.fn())).toBe(false);
    expect(shown).toEqual([]);
  });

  it("a browser that refuses page notifications (Android Chrome throws) shows none and does not fail", () => {
    stubNotifications("granted");
    class Throwing {
      static permission = "granted";
      constructor() {
        throw new TypeError("Illegal constructor");
      }
    }
    vi.stubGlobal("Notification", Throwing);
    setVisibility("hidden");
    expect(showAlertNotification(alert, vi.fn())).toBe(false);
  });
});
