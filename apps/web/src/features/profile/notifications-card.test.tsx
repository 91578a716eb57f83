import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../test/helpers";
import { NotificationsCard } from "./notifications-card";

function stubNotifications(permission: NotificationPermission, answer: NotificationPermission = permission) {
  // The constructor is never called here: only the permission and the question matter.
  const fake = {
    permission,
    requestPermission: vi.fn(async () => {
      fake.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal("Notification", fake);
  return fake;
}

afterEach(() => vi.unstubAllGlobals());

describe("desktop notifications card", () => {
  it("Enabled when the browser allows them", () => {
    stubNotifications("granted");
    renderScreen(<NotificationsCard />);
    expect(screen.getByText("Enabled")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("each new alert shows on your desktop");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("Disabled when blocked, with how to allow them in the browser, and never asks", () => {
    const fake = stubNotifications("denied");
    renderScreen(<NotificationsCard />);
    expect(screen.getByText("Disabled")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("set Notifications to Allow");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
  });

  it("Unknown until asked; the button asks the browser and shows the answer", async () => {
    const fake = stubNotifications("default", "granted");
    const { user } = renderScreen(<NotificationsCard />);
    expect(screen.getByText("Unknown")).toBeInTheDocument();
    expect(fake.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Turn on desktop notifications" }));
    expect(await screen.findByText("Desktop notifications are on.")).toBeInTheDocument();
    expect(screen.getByText("Enabled")).toBeInTheDocument();
    expect(fake.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("a refusal shows Disabled", async () => {
    stubNotifications("default", "denied");
    const { user } = renderScreen(<NotificationsCard />);
    await user.click(screen.getByRole("button", { name: "Turn on desktop notifications" }));
    expect(await screen.findByText("Disabled")).toBeInTheDocument();
  });

  it("reads the permission again when the user comes back from the browser's settings", () => {
    const fake = stubNotifications("denied");
    renderScreen(<NotificationsCard />);
    expect(screen.getByText("Disabled")).toBeInTheDocument();
    fake.permission = "granted";
    act(() => window.dispatchEvent(new Event("focus")));
    expect(screen.getByText("Enabled")).toBeInTheDocument();
  });

  it("a browser without notifications says so", () => {
    vi.stubGlobal("Notification", undefined);
    Reflect.deleteProperty(window, "Notification");
    renderScreen(<NotificationsCard />);
    expect(screen.getByRole("status")).toHaveTextContent("This browser cannot show desktop notifications");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
