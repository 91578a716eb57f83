import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import ChangePasswordScreen from "./change-password-screen";
import ForgotPasswordScreen from "./forgot-password-screen";
import ResetPasswordScreen from "./reset-password-screen";
import SignInScreen from "./sign-in-screen";

const user = { userId: 1, name: "Ada", email: "ada@example.com", accountId: 3, isEngineer: false };

beforeEach(() => setSession(null));

describe("forgot password", () => {
  it.each([
    ["", "Email address is required"],
    ["ada@@example.com", "Please enter a valid email address"],
  ])("%j → %s, and nothing is sent", async (email, message) => {
    const fetchMock = mockApi();
    const view = renderScreen(<ForgotPasswordScreen />, { path: "/forgot-password" });
    if (email) await view.user.type(screen.getByLabelText("Email"), email);
    await view.user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's answer", async () => {
    const message = "If an account exists for that address, we have sent a link to reset the password.";
    mockApi({ "POST /api/auth/forgot-password": { message } });
    const view = renderScreen(<ForgotPasswordScreen />, { path: "/forgot-password" });
    await view.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await view.user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(message);
  });
});

describe("reset password", () => {
  const url = "/reset-password?email=ada%40example.com&token=t-9";

  it.each([
    ["short1!", "Password must contain at least 8 characters"],
    ["PASSWORD1!", "Password must contain at least 8 characters, one lowercase letter"],
    ["password!!", "Password must contain at least 8 characters, one number"],
    ["password11", "Password must contain at least 8 characters, one special character"],
  ])("%j → %s, and nothing is sent", async (password, message) => {
    const fetchMock = mockApi();
    const view = renderScreen(<ResetPasswordScreen />, { path: "/reset-password", url });
    await view.user.type(screen.getByLabelText("New password"), password);
    await view.user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends e-mail, token and password, then asks to sign in", async () => {
    const fetchMock = mockApi({ "POST /api/auth/reset-password": { message: "ok" } });
    const view = renderScreen(<ResetPasswordScreen />, {
      path: "/reset-password",
      url,
      routes: [{ path: "/", element: <SignInScreen /> }],
    });
    await view.user.type(screen.getByLabelText("New password"), "new-pass1");
    await view.user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(
      await screen.findByText("Your password has been changed. Sign in with your new password."),
    ).toBeInTheDocument();
    expect(currentUrl(view.router)).toBe("/");
    expect(bodyOf(fetchMock)).toEqual({ email: "ada@example.com", token: "t-9", password: "new-pass1" });
  });

  it("without the link's e-mail and token, offers a new link", () => {
    renderScreen(<ResetPasswordScreen />, { path: "/reset-password" });
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });
});

describe("change password", () => {
  beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

  it("checks the new password before sending", async () => {
    const fetchMock = mockApi({ "GET /api/chat/user": user });
    const view = renderScreen(<ChangePasswordScreen />, { path: "/change-password" });
    await view.user.type(screen.getByLabelText("Current password"), "old-pass1!");
    await view.user.type(screen.getByLabelText("New password"), "abcdefgh1");
    await view.user.click(screen.getByRole("button", { name: "Change password" }));
    expect(
      await screen.findByText("Password must contain at least 8 characters, one special character"),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(["GET /api/chat/user"]);
  });

  it("sends the user's e-mail with both passwords and shows a wrong current password", async () => {
    const fetchMock = mockApi({
      "GET /api/chat/user": user,
      "POST /api/auth/change-password": () =>
        jsonResponse({ error: "Current password is incorrect", status: 400 }, 400),
    });
    const view = renderScreen(<ChangePasswordScreen />, { path: "/change-password" });
    expect(screen.getByRole("heading", { level: 1, name: "Change password" })).toBeInTheDocument();
    await view.user.type(screen.getByLabelText("Current password"), "wrong-1!");
    await view.user.type(screen.getByLabelText("New password"), "abcdefg1!");
    await screen.findByRole("button", { name: "Change password" });
    await view.user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Current password is incorrect");
    expect(bodyOf(fetchMock, 1)).toEqual({
      email: "ada@example.com",
      current_password: "wrong-1!",
      new_password: "abcdefg1!",
    });
  });
});
