import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import { bodyOf, calls, currentUrl, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import AddOrganizationScreen from "./add-organization-screen";
import CreateAccountScreen from "./create-account-screen";
import JoinOrganizationScreen from "./join-organization-screen";

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("set up your organization", () => {
  it("offers to create or join", () => {
    renderScreen(<CreateAccountScreen />, { path: "/create-account" });
    expect(screen.getByRole("heading", { level: 1, name: "Set up your organization" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a new organization" })).toHaveAttribute(
      "href",
      "/add-organization",
    );
    expect(screen.getByRole("link", { name: "Join an organization" })).toHaveAttribute(
      "href",
      "/join-organization",
    );
  });
});

describe("add organization", () => {
  it.each(["-acme", "a", "acme_corp", "acme-", `a${"b".repeat(63)}`])(
    "%j → Organization name is not valid, nothing is sent",
    async (name) => {
      const fetchMock = mockApi();
      const { user } = renderScreen(<AddOrganizationScreen />, { path: "/add-organization" });
      await user.type(screen.getByLabelText("Organization name"), name);
      await user.click(screen.getByRole("button", { name: "Create organization" }));
      expect(await screen.findByText("Organization name is not valid")).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it("checks the name with the server while typing", async () => {
    const fetchMock = mockApi({ "POST /api/auth/validate-organization-name": { valid: true } });
    const { user } = renderScreen(<AddOrganizationScreen />, { path: "/add-organization" });
    await user.type(screen.getByLabelText("Organization name"), "acme-storage");
    expect(await screen.findByText("This name is available.")).toBeInTheDocument();
    // Debounced: one call for the whole name, not one per key.
    expect(calls(fetchMock)).toEqual(["POST /api/auth/validate-organization-name"]);
    expect(bodyOf(fetchMock)).toEqual({ name: "acme-storage" });
  });

  it("shows a name that is already taken", async () => {
    mockApi({
      "POST /api/auth/validate-organization-name": () =>
        jsonResponse({ error: "Organization name is already taken", status: 409 }, 409),
    });
    const { user } = renderScreen(<AddOrganizationScreen />, { path: "/add-organization" });
    await user.type(screen.getByLabelText("Organization name"), "acme");
    expect(await screen.findByText("Organization name is already taken")).toBeInTheDocument();
  });

  it("creates it, selects it and lands on /issues", async () => {
    const fetchMock = mockApi({
      "POST /api/auth/validate-organization-name": { valid: true },
      "POST /api/auth/accounts": () => jsonResponse({ account_id: 12, company: "acme", role: "owner" }, 201),
    });
    const { user, router } = renderScreen(<AddOrganizationScreen />, { path: "/add-organization" });
    await user.type(screen.getByLabelText("Organization name"), "acme");
    await user.click(screen.getByRole("button", { name: "Create organization" }));
    await screen.findByText("Elsewhere");
    expect(currentUrl(router)).toBe("/issues");
    const create = fetchMock.mock.calls.findIndex(([url]) => String(url).endsWith("/api/auth/accounts"));
    expect(bodyOf(fetchMock, create)).toEqual({ company: "acme" });
    expect(persistedStore.get("selectedAccountId")).toBe(12);
  });
});

describe("join organization", () => {
  it("without an invitation token explains where to find one", () => {
    renderScreen(<JoinOrganizationScreen />, { path: "/join-organization" });
    expect(screen.getByText(/open the link in your invitation e-mail/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join organization" })).not.toBeInTheDocument();
  });

  it("requires the name and the terms before sending", async () => {
    const fetchMock = mockApi();
    const { user } = renderScreen(<JoinOrganizationScreen />, {
      path: "/join-organization",
      url: "/join-organization?token=inv-1",
    });
    await user.click(screen.getByRole("button", { name: "Join organization" }));
    expect(await screen.findByText("Enter the organization's name")).toBeInTheDocument();
    expect(screen.getByText("Please accept the terms to continue")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("joins with the token and lands on /issues", async () => {
    const fetchMock = mockApi({ "POST /api/auth/join-account": { account_id: 5 } });
    const { user, router } = renderScreen(<JoinOrganizationScreen />, {
      path: "/join-organization",
      url: "/join-organization?token=inv-1",
    });
    await user.type(screen.getByLabelText("Organization name"), "Acme");
    await user.click(screen.getByLabelText("I accept the Terms and Conditions"));
    await user.click(screen.getByRole("button", { name: "Join organization" }));
    await screen.findByText("Elsewhere");
    expect(currentUrl(router)).toBe("/issues");
    expect(bodyOf(fetchMock)).toEqual({ team_name: "Acme", consent_received: true, token: "inv-1" });
    expect(persistedStore.get("selectedAccountId")).toBe(5);
  });

  it("shows a refused invitation", async () => {
    mockApi({
      "POST /api/auth/join-account": () =>
        jsonResponse({ error: "The organization name does not match the invite", status: 400 }, 400),
    });
    const { user } = renderScreen(<JoinOrganizationScreen />, {
      path: "/join-organization",
      url: "/join-organization?token=inv-1",
    });
    await user.type(screen.getByLabelText("Organization name"), "Other");
    await user.click(screen.getByLabelText("I accept the Terms and Conditions"));
    await user.click(screen.getByRole("button", { name: "Join organization" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The organization name does not match the invite",
    );
  });
});
