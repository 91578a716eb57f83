import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { loadPendingMfa } from "../../lib/pending-mfa";
import { getSession, setSession } from "../../lib/session";
import { bodyOf, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import SignInScreen from "./sign-in-screen";

const session = { mfa_required: false, access_token: "tok", expires_at: "2099-01-01T00:00:00Z" };

beforeEach(() => setSession(null));

async function submit(email: string, password = "Secret-123") {
  const view = renderScreen(<SignInScreen />, { url: "/?redirectTo=%2Ffiles%3Fsort%3Dasc" });
  if (email) await view.user.type(screen.getByLabelText("Email"), email);
  if (password) await view.user.type(screen.getByLabelText("Password"), password);
  await view.user.click(screen.getByRole("button", { name: "Sign in" }));
  return view;
}

describe("sign-in form: e-mail rules of spec §5", () => {
  it.each([
    ["empty", "", "Email address is required"],
    ["with a space", "ada lovelace@example.com", "Spaces are not allowed in email"],
    ["without a domain", "ada@", "Please enter a valid email address"],
    ["without a dot in the domain", "ada@example", "Please enter a valid email address"],
  ])("%s address (%j) shows its message and sends nothing", async (_label, email, message) => {
    const fetchMock = mockApi({ "POST /api/auth/login": session });
    await submit(email);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an address over 255 characters → too long, and nothing is sent", async () => {
    const fetchMock = mockApi({ "POST /api/auth/login": session });
    const view = renderScreen(<SignInScreen />);
    await view.user.click(screen.getByLabelText("Email"));
    await view.user.paste(`${"a".repeat(244)}@example.com`);
    await view.user.type(screen.getByLabelText("Password"), "x");
    await view.user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Email cannot be longer than 255 characters")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an empty password is refused before sending", async () => {
    const fetchMock = mockApi({ "POST /api/auth/login": session });
    await submit("ada@example.com", "");
    expect(await screen.findByText("Password is required")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("signing in", () => {
  it("sends the lower-cased address, stores the session and goes to redirectTo", async () => {
    const fetchMock = mockApi({ "POST /api/auth/login": session });
    const { router } = await submit("Ada@Example.com");
    expect(await screen.findByText("Elsewhere")).toBeInTheDocument();
    expect(bodyOf(fetchMock)).toEqual({ username: "ada@example.com", password: "Secret-123" });
    expect(currentUrl(router)).toBe("/files?sort=asc");
    expect(getSession()?.accessToken).toBe("tok");
  });

  it("goes to /issues when redirectTo points to another site", async () => {
    mockApi({ "POST /api/auth/login": session });
    const view = renderScreen(<SignInScreen />, { url: "/?redirectTo=%2F%2Fevil.example%2F" });
    await view.user.type(screen.getByLabelText("Email"), "ada@example.com");
    await view.user.type(screen.getByLabelText("Password"), "Secret-123");
    await view.user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("Elsewhere");
    expect(currentUrl(view.router)).toBe("/issues");
  });

  it("with MFA: goes to /otp keeping redirectTo, with the pending sign-in in sessionStorage", async () => {
    mockApi({ "POST /api/auth/login": { mfa_required: true, mfa_token: "mfa-1" } });
    const { router } = await submit("ada@example.com");
    await screen.findByText("Elsewhere");
    expect(currentUrl(router)).toBe(`/otp?redirectTo=${encodeURIComponent("/files?sort=asc")}`);
    expect(loadPendingMfa()).toEqual({ mfaToken: "mfa-1", username: "ada@example.com" });
    expect(getSession()).toBeNull();
  });

  it("shows the server's refusal on the form", async () => {
    mockApi({
      "POST /api/auth/login": () => jsonResponse({ error: "Invalid username or password", status: 401 }, 401),
    });
    await submit("ada@example.com");
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid username or password");
    expect(getSession()).toBeNull();
  });
});

describe("notices", () => {
  it("explains an expired session", () => {
    renderScreen(<SignInScreen />, { url: "/?expired=true&redirectTo=%2Ffiles" });
    expect(screen.getByRole("status")).toHaveTextContent("Your session has expired. Please sign in again.");
  });

  it("asks to sign in after an unauthorized request", () => {
    renderScreen(<SignInScreen />, { url: "/?unauthorized=true" });
    expect(screen.getByRole("status")).toHaveTextContent("Please sign in to continue.");
  });

  it("tells a member of a disabled organization why they were signed out", () => {
    renderScreen(<SignInScreen />, { url: "/?disabled=true&redirectTo=%2Fissues" });
    expect(screen.getByRole("status")).toHaveTextContent(
      "This organization is disabled. Please contact your vendor's support team.",
    );
  });

  it("has the links to sign up and to reset a password", () => {
    renderScreen(<SignInScreen />);
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});
