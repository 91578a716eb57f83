/** /license: the current licence and its expiry urgency, download and copy, history, empty and error states; engineers' trial licences and issuing. */
import {
  LICENCE_KEYS_PATH,
  LICENCE_MESSAGES,
  type TLicence,
  type TTrialLicence,
} from "@portico/shared/schemas/licences";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  type Handler,
  headersOf,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import { expiryUrgency } from "./licence-parts";
import LicenceScreen from "./licence-screen";

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const TOKEN = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhY2NvdW50OjMifQ.c2ln";

function licence(over: Partial<TLicence> = {}): TLicence {
  return {
    id: 7,
    kind: "subscription",
    account_id: 3,
    organization: "Acme",
    plan: "ENTERPRISE",
    capacity_tib: 500,
    clusters: ["dep-east-1", "dep-west-2"],
    issued_at: "2026-01-05T10:00:00Z",
    expires_at: inDays(200),
    expiry_text: "Expires in 200 days",
    key_id: "k-2026-01",
    token: TOKEN,
    superseded_at: null,
    ...over,
  };
}

function trial(id: number, over: Partial<TTrialLicence> = {}): TTrialLicence {
  return {
    id,
    company: `Prospect ${id}`,
    contact_name: "Grace Hopper",
    contact_email: "grace@prospect.example",
    capacity_tib: 20,
    days: 30,
    created_at: "2026-11-01T09:00:00Z",
    created_by: "Eve Engineer",
    expires_at: inDays(10),
    expiry_text: "Expires in 10 days",
    token: `trial-token-${id}`,
    clusters: [],
    ...over,
  };
}

const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true, roles: [] };
const trials = (items: TTrialLicence[], total = items.length) => ({ items, total, page: 1, page_size: 25 });

function setup(routes: Record<string, Handler | object> = {}, user: object = testCustomer) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/license": licence(),
    "GET /api/auth/licences": {
      items: [
        licence(),
        licence({ id: 6, plan: "STANDARD", capacity_tib: 100, superseded_at: "2026-01-05T10:00:00Z" }),
      ],
    },
    "GET /api/auth/trial_licenses": trials([]),
    ...routes,
  });
  return { ...renderScreen(<LicenceScreen />, { path: "/license" }), fetchMock };
}

const urlOf = (fetchMock: ReturnType<typeof mockApi>, call: string) => {
  const index = calls(fetchMock).lastIndexOf(call);
  return new URL(String(fetchMock.mock.calls[index]?.[0]), "http://localhost");
};

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
  Object.assign(URL, { createObjectURL: vi.fn(() => "blob:licence"), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe("/license", () => {
  it("shows the current licence: organization, plan, capacity, clusters, dates, key id and the public keys", async () => {
    const { fetchMock } = setup();
    const card = await screen.findByRole("heading", { name: "Current licence" });
    const terms = card.closest("div.rounded-lg") as HTMLElement;
    expect(within(terms).getByText("ENTERPRISE")).toBeInTheDocument();
    expect(within(terms).getByText("500 TiB")).toBeInTheDocument();
    expect(within(terms).getByText("Acme")).toBeInTheDocument();
    expect(within(terms).getByText("dep-east-1")).toBeInTheDocument();
    expect(within(terms).getByText("dep-west-2")).toBeInTheDocument();
    expect(within(terms).getByText("k-2026-01")).toBeInTheDocument();
    expect(within(terms).getByText("Expires in 200 days")).toHaveAttribute("data-urgency", "ok");
    expect(screen.getByText("Clusters verify it offline")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: LICENCE_KEYS_PATH })).toHaveAttribute("href", LICENCE_KEYS_PATH);
    expect(urlOf(fetchMock, "GET /api/auth/license").searchParams.get("aid")).toBe("3");
    // Plain members see no trial licences.
    expect(screen.queryByRole("heading", { name: "Trial licences" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Issue licence" })).toBeNull();
    expect(calls(fetchMock)).not.toContain("GET /api/auth/trial_licenses");
  });

  it("colours the server's expiry text by urgency: red once expired, amber within 30 days", async () => {
    expect(expiryUrgency(inDays(-3))).toBe("expired");
    expect(expiryUrgency(new Date().toISOString())).toBe("expired");
    expect(expiryUrgency(inDays(30))).toBe("soon");
    expect(expiryUrgency(inDays(31))).toBe("ok");

    setup({
      "GET /api/auth/license": licence({
        expires_at: inDays(-3),
        expiry_text: "Expired 3 days ago. Will be deleted soon.",
      }),
    });
    expect(await screen.findByText("Expired 3 days ago. Will be deleted soon.")).toHaveAttribute(
      "data-urgency",
      "expired",
    );
  });

  it("shows an amber text for a licence that expires within 30 days", async () => {
    setup({
      "GET /api/auth/license": licence({ expires_at: inDays(12), expiry_text: "Expires in 12 days" }),
    });
    const text = await screen.findByText("Expires in 12 days");
    expect(text).toHaveAttribute("data-urgency", "soon");
    expect(text.className).toContain("bg-warning-surface");
  });

  it("downloads the licence with the bearer token under the server's file name", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const { user, fetchMock } = setup({
      "GET /api/auth/license/download": () =>
        new Response(TOKEN, {
          headers: {
            "Content-Type": "text/plain",
            "Content-Disposition": 'attachment; filename="acme-licence.jwt"',
          },
        }),
    });
    await user.click(await screen.findByRole("button", { name: "Download licence" }));
    expect(await screen.findByText("acme-licence.jwt has been downloaded.")).toBeInTheDocument();
    const index = calls(fetchMock).indexOf("GET /api/auth/license/download");
    expect(headersOf(fetchMock.mock.calls[index]?.[1]).Authorization).toBe("Bearer tok");
    expect(urlOf(fetchMock, "GET /api/auth/license/download").searchParams.get("aid")).toBe("3");
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(TOKEN);
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe("acme-licence.jwt");
  });

  it("says why a download failed", async () => {
    const { user } = setup({
      "GET /api/auth/license/download": () => jsonResponse({ error: "Licence not found", status: 404 }, 404),
    });
    await user.click(await screen.findByRole("button", { name: "Download licence" }));
    expect(await screen.findByText("Licence not found")).toBeInTheDocument();
  });

  it("copies the licence token", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole("button", { name: "Copy licence" }));
    expect(await screen.findByText("The licence has been copied to the clipboard.")).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
  });

  it("lists the history, current first and the replaced ones with when", async () => {
    setup();
    const table = await screen.findByRole("table", { name: "Licence history" });
    await within(table).findByText("STANDARD");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(within(table).getByText("Current")).toBeInTheDocument();
    expect(within(table).getByText("STANDARD")).toBeInTheDocument();
    expect(within(table).getByText(/^Replaced /)).toBeInTheDocument();
  });

  it("has an empty state with a next step when the organization has no licence", async () => {
    const { fetchMock } = setup({
      "GET /api/auth/license": () => jsonResponse({ error: LICENCE_MESSAGES.noLicence, status: 404 }, 404),
    });
    expect(await screen.findByText(LICENCE_MESSAGES.noLicence)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open an issue" })).toHaveAttribute("href", "/issues");
    expect(screen.queryByRole("button", { name: "Download licence" })).toBeNull();
    expect(calls(fetchMock)).not.toContain("GET /api/auth/licences");
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup({
      "GET /api/auth/license": () =>
        fail ? jsonResponse({ error: "Database unavailable", status: 500 }, 500) : jsonResponse(licence()),
    });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Current licence" })).toBeInTheDocument();
  });
});

describe("/license for engineers", () => {
  it("lists trial licences with their clusters and expiry, searches and pages", async () => {
    const { user, fetchMock } = setup(
      {
        "GET /api/auth/trial_licenses": (url) =>
          jsonResponse(
            trials(
              [
                trial(Number(url.searchParams.get("page")), {
                  company: url.searchParams.get("q") ? "Found Corp" : "Initech",
                  expires_at: inDays(-1),
                  expiry_text: "Expired 1 days ago. Will be deleted soon.",
                  clusters: [
                    {
                      deployment_id: "dep-trial-1",
                      name: "poc-rack",
                      registered_at: "2026-11-02T09:00:00Z",
                      last_seen_at: null,
                    },
                  ],
                }),
              ],
              30,
            ),
          ),
      },
      engineer,
    );
    const row = await screen.findByRole("listitem", { name: "Initech" });
    expect(within(row).getByText("Expired 1 days ago. Will be deleted soon.")).toHaveAttribute(
      "data-urgency",
      "expired",
    );
    const clusters = within(row).getByRole("list", { name: "Clusters of Initech" });
    expect(within(clusters).getByText("poc-rack")).toBeInTheDocument();
    expect(within(clusters).getByText("dep-trial-1")).toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Copy the trial licence of Initech" }));
    expect(await navigator.clipboard.readText()).toBe("trial-token-1");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() =>
      expect(urlOf(fetchMock, "GET /api/auth/trial_licenses").searchParams.get("page")).toBe("2"),
    );

    await user.type(screen.getByRole("searchbox", { name: "Search trial licences" }), "found");
    expect(await screen.findByRole("listitem", { name: "Found Corp" })).toBeInTheDocument();
    const url = urlOf(fetchMock, "GET /api/auth/trial_licenses");
    expect(url.searchParams.get("q")).toBe("found");
    expect(url.searchParams.get("page")).toBe("1");
    expect(url.searchParams.has("aid")).toBe(false);
  });

  it("checks a new trial with the shared messages (0 days, 3650 days), then creates it", async () => {
    const { user, fetchMock } = setup(
      { "POST /api/auth/trial_licenses": () => jsonResponse(trial(5, { company: "Initech" }), 201) },
      engineer,
    );
    await user.click(await screen.findByRole("button", { name: "New trial licence" }));
    const dialog = await screen.findByRole("dialog", { name: "New trial licence" });
    const days = within(dialog).getByLabelText("Days");
    await user.clear(days);
    await user.type(days, "0");
    await user.click(within(dialog).getByRole("button", { name: "Create trial licence" }));
    expect(await within(dialog).findByText(LICENCE_MESSAGES.companyRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LICENCE_MESSAGES.contactNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(LICENCE_MESSAGES.contactEmail)).toBeInTheDocument();
    expect(within(dialog).getByText(LICENCE_MESSAGES.trialDays)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Company"), "Initech");
    await user.type(within(dialog).getByLabelText("Contact name"), "Peter Gibbons");
    await user.type(within(dialog).getByLabelText("Contact e-mail"), "peter@initech.example");
    await user.clear(days);
    await user.type(days, "3650");
    await user.click(within(dialog).getByRole("button", { name: "Create trial licence" }));
    expect(await within(dialog).findByText(LICENCE_MESSAGES.trialDays)).toBeInTheDocument();
    const capacity = within(dialog).getByLabelText("Capacity (TiB)");
    await user.clear(capacity);
    await user.type(capacity, "0");
    await user.click(within(dialog).getByRole("button", { name: "Create trial licence" }));
    expect(await within(dialog).findByText(LICENCE_MESSAGES.trialCapacity)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/auth/trial_licenses");

    await user.clear(days);
    await user.type(days, "45");
    await user.clear(capacity);
    await user.type(capacity, "25");
    await user.click(within(dialog).getByRole("button", { name: "Create trial licence" }));
    expect(await screen.findByText("Trial licence for Initech created.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("POST /api/auth/trial_licenses"))).toEqual({
      company: "Initech",
      contact_name: "Peter Gibbons",
      contact_email: "peter@initech.example",
      capacity_tib: 25,
      days: 45,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("exports the trial licences as CSV", async () => {
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    const { user, fetchMock } = setup(
      {
        "GET /api/auth/trial_licenses/export": () =>
          new Response("company\n'=HYPERLINK(1)\n", {
            headers: {
              "Content-Type": "text/csv",
              "Content-Disposition": 'attachment; filename="trial-licences.csv"',
            },
          }),
      },
      engineer,
    );
    await user.click(await screen.findByRole("button", { name: "Export CSV" }));
    expect(await screen.findByText("trial-licences.csv has been downloaded.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain("GET /api/auth/trial_licenses/export");
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toContain("'=HYPERLINK(1)");
  });

  it("issues a licence for the organization acted on", async () => {
    const { user, fetchMock } = setup(
      {
        "GET /api/auth/license": () => jsonResponse({ error: LICENCE_MESSAGES.noLicence, status: 404 }, 404),
        "POST /api/auth/accounts/3/licence": () => jsonResponse(licence(), 201),
      },
      engineer,
    );
    await user.click(await screen.findByRole("button", { name: "Issue licence" }));
    const dialog = await screen.findByRole("dialog", { name: "Issue licence" });
    await user.click(within(dialog).getByRole("button", { name: "Issue licence" }));
    expect(await within(dialog).findByText("Choose the expiry day")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/auth/accounts/3/licence");

    await user.type(within(dialog).getByLabelText("Plan"), "ENTERPRISE");
    await user.type(within(dialog).getByLabelText("Capacity (TiB)"), "500");
    await user.type(within(dialog).getByLabelText("Expires on"), "31-12-2030{Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Issue licence" }));
    expect(await screen.findByText("A new licence for Acme has been issued.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("POST /api/auth/accounts/3/licence"))).toEqual({
      plan: "ENTERPRISE",
      capacity_tib: 500,
      expires_at: "2030-12-31T23:59:59.000Z",
    });
  });
});
