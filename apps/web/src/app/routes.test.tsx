/** The real route table: guards, redirects and lazy screens, with the API faked. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { currentUrl, headersOf, mockApi, testCustomer } from "../test/helpers";

const customer = testCustomer;

function api(status = "OK", extra: Record<string, object> = {}) {
  return mockApi({
    "GET /api/maintenance/status": {
      status,
      message: status === "OK" ? null : "Upgrading storage",
      until: null,
    },
    "GET /api/auth/deploy_env": { env: "development", sentry_dsn: null },
    "GET /api/chat/user": customer,
    "GET /api/auth/teams": [],
    ...extra,
  });
}

function signIn() {
  localStorage.setItem(
    "portico.session",
    JSON.stringify({ accessToken: "tok", expiresAt: Date.now() + 600_000 }),
  );
}

/** Fresh modules per test: start-up runs once per page, as in the browser. */
async function visit(url: string) {
  vi.resetModules();
  const { routes } = await import("./routes");
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
});

describe("signed out", () => {
  it("any app path goes to sign-in carrying path and query as redirectTo", async () => {
    api();
    const router = await visit("/issues/42?msgIndex=3");
    // React Router loads the matched route's lazy module beside the loaders: the first visit here
    // also transforms the conversation screen (Markdown, virtualiser), slow in a cold test run.
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in" }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(currentUrl(router)).toBe(`/?redirectTo=${encodeURIComponent("/issues/42?msgIndex=3")}`);
  });

  it("an earlier redirectTo in the URL is kept", async () => {
    api();
    const router = await visit("/unknown?redirectTo=%2Ffiles");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(currentUrl(router)).toBe("/?redirectTo=%2Ffiles");
  });

  it("pages that need a session but no organization also ask to sign in", async () => {
    api();
    const router = await visit("/add-organization");
    await screen.findByRole("heading", { level: 1, name: "Sign in" });
    expect(currentUrl(router)).toBe("/?redirectTo=%2Fadd-organization");
  });

  it("legal pages render without a session", async () => {
    api();
    await visit("/terms-and-conditions/enterprise/2024-03-01");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Terms and Conditions — Enterprise" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Effective from 15 January 2024/)).toBeInTheDocument();
  });

  it("an unknown terms type is not found", async () => {
    api();
    await visit("/terms-and-conditions/platinum");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
  });
});

describe("signed in", () => {
  beforeEach(signIn);

  it("shows the app shell with the Issues screen", async () => {
    api("OK", {
      "GET /api/chat/issue": { items: [], total: 0, page: 1, page_size: 25, filter: "all", sort: "DESC" },
    });
    await visit("/issues");
    expect(await screen.findByRole("heading", { level: 1, name: "Issues" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Open your first issue" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it.each([
    ["/health", "Health"],
    ["/license", "License"],
    ["/api-tokens", "API tokens"],
    ["/cluster/register", "Register cluster"],
    ["/subscription", "Subscription"],
    ["/end-subscription", "End subscription"],
    ["/upgrade-subscription", "Upgrade subscription"],
    ["/upgrade-subscription-confirmation", "Upgrade confirmation"],
    ["/billing/test-checkout/pi_test_1", "Test checkout"],
    ["/activity", "Engineer activity"],
    ["/activity/v2", "Engineer activity timeline"],
    ["/reports", "Reports"],
    ["/plans", "Plans"],
    ["/sales-requests", "Sales requests"],
  ])("%s has its title", async (url, title) => {
    api();
    await visit(url);
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
  });

  it("engineer screens tell customers they are for engineers", async () => {
    api();
    await visit("/customers");
    expect(await screen.findByText("This page is available to vendor engineers only.")).toBeInTheDocument();
  });

  it("sign-in sends a signed-in user on to the app", async () => {
    api();
    const router = await visit("/?redirectTo=%2Ffiles");
    expect(await screen.findByRole("heading", { level: 1, name: "Files" })).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/files");
  });

  it("an unknown path is not found, inside the app", async () => {
    api();
    await visit("/no-such-screen");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });

  it("legal pages render inside the app", async () => {
    api();
    await visit("/privacy-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(await screen.findByRole("navigation", { name: "Main" })).toBeInTheDocument();
  });
});

describe("maintenance at start", () => {
  it("sends the user to /maintenance", async () => {
    api("MAINTENANCE");
    const router = await visit("/issues");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Portico is under maintenance" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("Upgrading storage")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/maintenance");
  });

  it("leaves the engineer pages under /mnt alone", async () => {
    api("MAINTENANCE");
    const router = await visit("/mnt");
    expect(await screen.findByRole("heading", { level: 1, name: "Maintenance mode" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/mnt");
  });

  it("renews an expired stored session with the refresh cookie before showing the app", async () => {
    localStorage.setItem(
      "portico.session",
      JSON.stringify({ accessToken: "old", expiresAt: Date.now() - 60_000 }),
    );
    const fetchMock = api("OK", {
      "POST /api/auth/refresh-token": {
        access_token: "renewed",
        expires_at: new Date(Date.now() + 900_000).toISOString(),
      },
    });
    await visit("/issues");
    expect(await screen.findByRole("heading", { level: 1, name: "Issues" })).toBeInTheDocument();
    await waitFor(() => {
      const userCall = fetchMock.mock.calls.find(([url]) => String(url).startsWith("/api/chat/user"));
      expect(headersOf(userCall?.[1]).Authorization).toBe("Bearer renewed");
    });
  });

  it("a stored session that cannot be renewed asks to sign in again", async () => {
    localStorage.setItem(
      "portico.session",
      JSON.stringify({ accessToken: "old", expiresAt: Date.now() - 60_000 }),
    );
    api("OK", {
      "POST /api/auth/refresh-token": () =>
        new Response(JSON.stringify({ error: "Session expired, please sign in again", status: 401 }), {
          status: 401,
        }),
    });
    const router = await visit("/files");
    expect(await screen.findByText("Your session has expired. Please sign in again.")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/?expired=true&redirectTo=%2Ffiles");
  });
});
