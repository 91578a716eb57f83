/** /api-tokens: the list, a new token with the shared messages and its secret shown once, delete after asking, the registration key, plain members. */
import { API_SCOPES, API_TOKEN_MESSAGES, type TApiToken } from "@portico/shared/schemas/api-tokens";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import ApiTokensScreen from "./api-tokens-screen";

const owner = { ...testCustomer, roles: ["account_owner"] };
const SECRET = "portico_at_0123456789abcdefghijklmnopqrstuvwxyz";
const KEY = "portico_rk_abcdefghijklmnopqrstuvwxyz012345";
const SCOPES = Object.entries(API_SCOPES).map(([name, description]) => ({ name, description }));

function token(id: number, over: Partial<TApiToken> = {}): TApiToken {
  return {
    id,
    account_id: 3,
    name: `Token ${id}`,
    hint: `portico_at_…${1000 + id}`,
    api_names: ["cluster_register"],
    created_at: "2026-11-01T09:00:00Z",
    created_by: "Ada Lovelace",
    expires_at: "2026-12-01T09:00:00Z",
    last_used_at: null,
    expired: false,
    ...over,
  };
}

function setup(routes: Record<string, Handler | object> = {}, user: object = owner) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/api-tokens": { items: [] },
    "GET /api/auth/api-tokens/scopes": SCOPES,
    "GET /api/auth/api-key": { hint: null, created_at: null },
    ...routes,
  });
  return { ...renderScreen(<ApiTokensScreen />, { path: "/api-tokens" }), fetchMock };
}

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/api-tokens", () => {
  it("lists tokens: permissions as badges, who made them, expiry with an Expired badge, last use", async () => {
    const { fetchMock } = setup({
      "GET /api/auth/api-tokens": {
        items: [
          token(1, {
            name: "ci-register",
            api_names: ["cluster_register", "health_upload"],
            last_used_at: new Date(Date.now() - 5 * 60_000).toISOString(),
          }),
          token(2, { name: "old-script", expired: true, created_by: null }),
        ],
      },
    });
    const table = await screen.findByRole("table", { name: "API tokens" });
    const first = (await within(table).findByText("ci-register")).closest("tr") as HTMLElement;
    expect(within(first).getByText("cluster_register")).toBeInTheDocument();
    expect(within(first).getByText("health_upload")).toBeInTheDocument();
    expect(within(first).getByText("by Ada Lovelace")).toBeInTheDocument();
    expect(within(first).getByText("5 minutes ago")).toBeInTheDocument();
    expect(within(first).queryByText("Expired")).toBeNull();
    const second = within(table).getByText("old-script").closest("tr") as HTMLElement;
    expect(within(second).getByText("Expired")).toBeInTheDocument();
    expect(within(second).getByText("Never")).toBeInTheDocument();
    const listCall = calls(fetchMock).indexOf("GET /api/auth/api-tokens");
    expect(String(fetchMock.mock.calls[listCall]?.[0])).toContain("aid=3");
  });

  it("checks a new token with the shared messages before sending", async () => {
    const { user, fetchMock } = setup();
    await user.click((await screen.findAllByRole("button", { name: "New token" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "New token" });
    expect(within(dialog).getByLabelText("Expires after (days)")).toHaveValue("30");
    await within(dialog).findByRole("checkbox", { name: "cluster_register" });
    const days = within(dialog).getByLabelText("Expires after (days)");
    await user.clear(days);
    await user.type(days, "0");
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.expiryDays)).toBeInTheDocument();
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.scopesRequired)).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, "366");
    await user.type(within(dialog).getByLabelText("Name"), "x".repeat(101));
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));
    expect(await within(dialog).findByText(API_TOKEN_MESSAGES.nameTooLong)).toBeInTheDocument();
    expect(within(dialog).getByText(API_TOKEN_MESSAGES.expiryDays)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/auth/api-tokens");
  });

  it("creates a token and shows its secret once, with a curl line; closing forgets it", async () => {
    const { user, fetchMock } = setup({
      "POST /api/auth/api-tokens": () =>
        jsonResponse({ token: token(5, { name: "ci-register" }), secret: SECRET }, 201),
    });
    const opener = (await screen.findAllByRole("button", { name: "New token" }))[0] as HTMLElement;
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "New token" });
    await user.type(within(dialog).getByLabelText("Name"), "ci-register");
    await user.click(await within(dialog).findByRole("checkbox", { name: "cluster_register" }));
    expect(within(dialog).getByRole("checkbox", { name: "cluster_register" })).toHaveAccessibleDescription(
      API_SCOPES.cluster_register,
    );
    await user.click(within(dialog).getByRole("checkbox", { name: "health_upload" }));
    await user.click(within(dialog).getByRole("button", { name: "Create token" }));

    const panel = await within(dialog).findByRole("region", { name: "Token “ci-register”" });
    expect(within(panel).getByText("You will not see it again", { exact: false })).toBeInTheDocument();
    expect(within(panel).getByText(SECRET)).toBeInTheDocument();
    expect(
      within(panel).getByText(new RegExp(`Authorization: Bearer ${SECRET}.*/api/cluster/register`)),
    ).toBeInTheDocument();
    expect(await screen.findByText("Token “ci-register” created.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("POST /api/auth/api-tokens"))).toEqual({
      name: "ci-register",
      expiry_days: 30,
      api_names: ["cluster_register", "health_upload"],
    });
    await user.click(within(panel).getByRole("button", { name: "Copy the api token" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText(SECRET)).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    const again = await screen.findByRole("dialog", { name: "New token" });
    expect(within(again).queryByText(SECRET)).toBeNull();
    expect(within(again).getByLabelText("Name")).toHaveValue("");
  });

  it("deletes a token after saying scripts stop working at once", async () => {
    const { user, fetchMock } = setup({
      "GET /api/auth/api-tokens": { items: [token(1, { name: "ci-register" })] },
      "DELETE /api/auth/api-tokens/1": () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete “ci-register”" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this token?" });
    expect(
      within(confirm).getByText("Scripts using “ci-register” stop working at once."),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("DELETE /api/auth/api-tokens/1");
    await user.click(within(confirm).getByRole("button", { name: "Delete token" }));
    expect(await screen.findByText("Token “ci-register” deleted.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("DELETE /api/auth/api-tokens/1");
    expect(String(fetchMock.mock.calls[index]?.[0])).toContain("aid=3");
  });

  it("rotates the registration key after a confirmation and shows the new one once with the register call", async () => {
    const { user, fetchMock } = setup({
      "GET /api/auth/api-key": { hint: "portico_rk_…wxyz", created_at: "2026-10-01T09:00:00Z" },
      "POST /api/auth/api-key": () =>
        jsonResponse({ key: KEY, hint: "portico_rk_…2345", created_at: new Date().toISOString() }),
    });
    expect(await screen.findByText("portico_rk_…wxyz")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Rotate key" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Rotate the registration key?" });
    expect(within(confirm).getByText(/The old key stops working at once/)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/auth/api-key");
    await user.click(within(confirm).getByRole("button", { name: "Rotate key" }));
    const panel = await screen.findByRole("region", { name: "New registration key" });
    expect(within(panel).getByText(KEY)).toBeInTheDocument();
    expect(within(panel).getByText(/You will not see it again/)).toBeInTheDocument();
    expect(
      within(panel).getByText(
        `curl -fsS -X POST -H "Authorization: Bearer ${KEY}" -H "Content-Type: application/json" -d '{"name":"lab-1","deployment_id":"dep-lab-1"}' ${window.location.origin}/api/cluster/register`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("portico_rk_…2345")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Hide the key" }));
    expect(screen.queryByText(KEY)).toBeNull();
    expect(screen.getByRole("heading", { name: "Registration key" })).toHaveFocus();
  });

  it("creates the first registration key without asking", async () => {
    const { user } = setup({
      "POST /api/auth/api-key": () =>
        jsonResponse({ key: KEY, hint: "portico_rk_…2345", created_at: new Date().toISOString() }),
    });
    expect(await screen.findByText("No registration key yet.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create key" }));
    // The Create key button turns into Rotate key: focus goes to the new key rather than nowhere.
    const panel = await screen.findByRole("region", { name: "New registration key" });
    await waitFor(() => expect(panel).toHaveFocus());
  });

  it("has an empty state with a next step, and an error with Retry", async () => {
    let fail = true;
    const { user } = setup({
      "GET /api/auth/api-tokens": () =>
        fail
          ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
          : jsonResponse({ items: [] }),
    });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("No API tokens yet")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "New token" })).toHaveLength(2);
  });

  it("tells a plain member that owners manage tokens, and asks for none", async () => {
    const { fetchMock } = setup({}, testCustomer);
    expect(await screen.findByText("Owners manage API tokens")).toBeInTheDocument();
    expect(screen.getByText(new RegExp(API_TOKEN_MESSAGES.ownersOnly))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to your profile" })).toHaveAttribute("href", "/profile");
    expect(calls(fetchMock)).not.toContain("GET /api/auth/api-tokens");
    expect(calls(fetchMock)).not.toContain("GET /api/auth/api-key");
  });

  it("lets engineers manage the tokens of the organization acted on", async () => {
    setup(
      { "GET /api/auth/api-tokens": { items: [token(1, { name: "vendor-made" })] } },
      {
        ...testCustomer,
        isEngineer: true,
      },
    );
    expect(await screen.findByText("vendor-made")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Registration key" })).toBeInTheDocument();
  });
});
