import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  bodyOf,
  calls,
  chooseOption,
  currentUrl,
  jsonResponse,
  mockApi,
  renderScreen,
} from "../../test/helpers";
import SignInScreen from "./sign-in-screen";
import SignupScreen from "./signup-screen";

const verified = { email: "ada@example.com", kind: "signup", company: null, existing_user: false };
const detailsUrl = "/signup?email=ada%40example.com&token=tok-1";

describe("sign-up, step 1: the address", () => {
  it.each([
    ["", "Email address is required"],
    ["ada @example.com", "Spaces are not allowed in email"],
    ["ada.example.com", "Please enter a valid email address"],
  ])("%j → %s, and nothing is sent", async (email, message) => {
    const fetchMock = mockApi();
    const { user } = renderScreen(<SignupScreen />, { path: "/signup" });
    if (email) await user.type(screen.getByLabelText("Email"), email);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the address and says to check the inbox", async () => {
    const fetchMock = mockApi({ "POST /api/auth/signup/init": { message: "sent" } });
    const { user } = renderScreen(<SignupScreen />, { path: "/signup" });
    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Check your inbox")).toBeInTheDocument();
    expect(bodyOf(fetchMock)).toEqual({ users: ["ada@example.com"] });
  });
});

describe("sign-up, step 2: the details", () => {
  async function fill(password: string, accept = true) {
    const view = renderScreen(<SignupScreen />, {
      path: "/signup",
      url: detailsUrl,
      routes: [{ path: "/", element: <SignInScreen /> }],
    });
    await view.user.type(await screen.findByLabelText("Full name"), "Ada Lovelace");
    if (password) await view.user.type(screen.getByLabelText("Password"), password);
    await chooseOption(view.user, "Country", "United Kingdom");
    await chooseOption(view.user, "Time zone", "Europe/London");
    if (accept) await view.user.click(screen.getByLabelText("I accept the Terms and Conditions"));
    await view.user.click(screen.getByRole("button", { name: "Create account" }));
    return view;
  }

  it.each([
    ["", "Password must contain at least 8 characters"],
    ["Ab1!", "Password must contain at least 8 characters"],
    ["ABCDEFG1!", "Password must contain at least 8 characters, one lowercase letter"],
    ["abcdefgh!", "Password must contain at least 8 characters, one number"],
    ["abcdefgh1", "Password must contain at least 8 characters, one special character"],
  ])("password %j → %s, and nothing is sent", async (password, message) => {
    const fetchMock = mockApi({ "GET /api/auth/signup/verify": verified });
    await fill(password);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(["GET /api/auth/signup/verify"]);
  });

  it("requires accepting the terms", async () => {
    const fetchMock = mockApi({ "GET /api/auth/signup/verify": verified });
    await fill("abcdefg1!", false);
    expect(await screen.findByText("Please accept the terms to continue")).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(["GET /api/auth/signup/verify"]);
  });

  it("an invalid optional organization name is refused", async () => {
    const fetchMock = mockApi({ "GET /api/auth/signup/verify": verified });
    const { user } = renderScreen(<SignupScreen />, { path: "/signup", url: detailsUrl });
    await user.type(await screen.findByLabelText("Organization name (optional)"), "-acme");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Organization name is not valid")).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(["GET /api/auth/signup/verify"]);
  });

  it("creates the account and lands on sign-in with a notice", async () => {
    const fetchMock = mockApi({
      "GET /api/auth/signup/verify": verified,
      "POST /api/auth/signup": () => jsonResponse({ message: "ok" }, 201),
    });
    const { router } = await fill("abcdefg1!");
    expect(await screen.findByText("Your account is ready. Sign in to continue.")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/");
    expect(bodyOf(fetchMock, 1)).toEqual({
      name: "Ada Lovelace",
      password: "abcdefg1!",
      country_code: "GB",
      timezone: "Europe/London",
      consent_received: true,
      email: "ada@example.com",
      token: "tok-1",
    });
  });

  it("an invitation says which organization the user joins", async () => {
    mockApi({ "GET /api/auth/signup/verify": { ...verified, kind: "invite", company: "Acme" } });
    renderScreen(<SignupScreen />, { path: "/signup", url: detailsUrl });
    expect(await screen.findByText("You are joining Acme")).toBeInTheDocument();
    expect(screen.queryByLabelText("Organization name (optional)")).not.toBeInTheDocument();
  });

  it("an existing user is offered to sign in and join", async () => {
    mockApi({
      "GET /api/auth/signup/verify": { ...verified, kind: "invite", company: "Acme", existing_user: true },
    });
    renderScreen(<SignupScreen />, { path: "/signup", url: detailsUrl });
    const link = await screen.findByRole("link", { name: "Sign in and join" });
    const target = new URLSearchParams(link.getAttribute("href")?.slice(2)).get("redirectTo");
    expect(target).toBe("/join-organization?token=tok-1");
  });

  it("an expired link shows the server's reason", async () => {
    mockApi({
      "GET /api/auth/signup/verify": () =>
        jsonResponse({ error: "This link is invalid or has expired", status: 400 }, 400),
    });
    renderScreen(<SignupScreen />, { path: "/signup", url: detailsUrl });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("This link is invalid or has expired")).toBeInTheDocument();
  });
});
