import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { loadPendingMfa, savePendingMfa } from "../../lib/pending-mfa";
import { getSession, setSession } from "../../lib/session";
import { bodyOf, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import OtpScreen from "./otp-screen";

const url = "/otp?redirectTo=%2Fhealth";

beforeEach(() => {
  setSession(null);
  savePendingMfa({ mfaToken: "mfa-1", username: "ada@example.com" });
});

describe("one-time code", () => {
  it("refuses a code that is not 6 digits without sending", async () => {
    const fetchMock = mockApi();
    const view = renderScreen(<OtpScreen />, { path: "/otp", url });
    await view.user.type(screen.getByLabelText("One-time code"), "12ab");
    await view.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Enter the 6-digit code from the e-mail")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("verifies the code, starts the session and continues to redirectTo", async () => {
    const fetchMock = mockApi({
      "POST /api/auth/mfa-login": { access_token: "tok", expires_at: "2099-01-01T00:00:00Z" },
    });
    const view = renderScreen(<OtpScreen />, { path: "/otp", url });
    await view.user.type(screen.getByLabelText("One-time code"), "123456");
    await view.user.click(screen.getByRole("button", { name: "Verify" }));
    await screen.findByText("Elsewhere");
    expect(currentUrl(view.router)).toBe("/health");
    expect(bodyOf(fetchMock)).toEqual({ username: "ada@example.com", token: "mfa-1", otp: "123456" });
    expect(getSession()?.accessToken).toBe("tok");
    expect(loadPendingMfa()).toBeNull();
  });

  it("shows a refused code", async () => {
    mockApi({
      "POST /api/auth/mfa-login": () =>
        jsonResponse({ error: "The code is invalid or has expired", status: 401 }, 401),
    });
    const view = renderScreen(<OtpScreen />, { path: "/otp", url });
    await view.user.type(screen.getByLabelText("One-time code"), "000000");
    await view.user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The code is invalid or has expired");
  });

  it("resends the code", async () => {
    const fetchMock = mockApi({ "POST /api/auth/resend-otp": { message: "We have sent you a new code." } });
    const view = renderScreen(<OtpScreen />, { path: "/otp", url });
    await view.user.click(screen.getByRole("button", { name: "Resend code" }));
    expect(await screen.findByRole("status")).toHaveTextContent("We have sent you a new code.");
    expect(bodyOf(fetchMock)).toEqual({ mfa_token: "mfa-1" });
  });
});
