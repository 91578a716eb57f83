/** /plans: the catalogue for engineers, read-only unless admin; the edit sends exact minor units. */
import type { TPlan, TProductWithPlans } from "@portico/shared/schemas/billing";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
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
import { minorToPriceText, PRICE_MESSAGES, parsePriceToMinor } from "./plan-edit-dialog";
import PlansScreen from "./plans-screen";

const engineer = {
  ...testCustomer,
  userId: 9,
  name: "Eve Engineer",
  accountId: 1,
  isEngineer: true,
  roles: [],
};
const admin = { ...engineer, roles: ["admin"] };

function plan(over: Partial<TPlan> = {}): TPlan {
  return {
    plan_id: 2,
    product_id: 1,
    plan: "STANDARD",
    plan_version: 1,
    sla_hours: 24,
    sla_coverage: "business-hours",
    min_quantity: 10,
    self_serve_cap_tib: 25,
    price_per_tib_month: { USD: 1250, EUR: 1150 },
    is_current: true,
    ...over,
  };
}

function catalogue(plans: TPlan[]): TProductWithPlans[] {
  return [
    {
      product_id: 1,
      code: "object-storage",
      name: "Object storage",
      description: "Storage software per TiB.",
      unit: "TiB",
      plans,
    },
  ];
}

const CURRENT = [
  plan(),
  plan({ plan_id: 5, plan: "CUSTOM", self_serve_cap_tib: 0, sla_coverage: "24x7", sla_hours: 4 }),
];

function setup(user: object, routes: Record<string, Handler | object> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    "GET /api/auth/subscription/productswithplans": (url: URL) =>
      jsonResponse(
        catalogue(
          url.searchParams.get("all") === "true"
            ? [
                plan({
                  plan_id: 1,
                  plan_version: 0,
                  is_current: false,
                  price_per_tib_month: { USD: 999, EUR: 899 },
                }),
                ...CURRENT,
              ]
            : CURRENT,
        ),
      ),
    ...routes,
  });
  return { ...renderScreen(<PlansScreen />, { path: "/plans" }), fetchMock };
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

describe("prices typed as amounts", () => {
  it.each([
    ["12.34", 1234],
    ["12.3", 1230],
    ["12", 1200],
    ["0.07", 7],
    ["007.10", 710],
    [" 19.99 ", 1999],
    ["1000000", 100_000_000],
    ["0.29", 29],
    ["1.15", 115],
  ])("%s → %i minor units", (text, minor) => {
    expect(parsePriceToMinor(text)).toEqual({ ok: true, minor });
  });

  it.each([
    ["", PRICE_MESSAGES.required],
    ["12.345", PRICE_MESSAGES.decimals],
    ["12,34", PRICE_MESSAGES.format],
    ["-1", PRICE_MESSAGES.format],
    ["1e3", PRICE_MESSAGES.format],
    ["12.", PRICE_MESSAGES.format],
    ["1000000.01", PRICE_MESSAGES.tooLarge],
    ["99999999999", PRICE_MESSAGES.tooLarge],
  ])("%j is refused: %s", (text, message) => {
    expect(parsePriceToMinor(text)).toEqual({ ok: false, message });
  });

  it("writes minor units back as an amount", () => {
    expect(minorToPriceText(1234)).toBe("12.34");
    expect(minorToPriceText(7)).toBe("0.07");
    expect(minorToPriceText(120_000)).toBe("1200.00");
  });
});

describe("/plans", () => {
  it("engineers read each plan's SLA, coverage, minimum, cap and prices, without Edit", async () => {
    setup(engineer);
    const table = await screen.findByRole("table", { name: "Plans of Object storage" });
    const standard = within(table).getByRole("row", { name: /STANDARD/ });
    for (const text of ["24 h", "Business hours", "10 TiB", "25 TiB", "$12.50", "€11.50"])
      expect(within(standard).getByText(text)).toBeInTheDocument();
    const custom = within(table).getByRole("row", { name: /CUSTOM/ });
    expect(within(custom).getByText("Sales only")).toBeInTheDocument();
    expect(within(custom).getByText("24×7")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("shows earlier versions on demand (?all=true)", async () => {
    const { user, fetchMock } = setup(engineer);
    await screen.findByRole("table", { name: "Plans of Object storage" });
    expect(screen.queryByText("$9.99")).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Show earlier versions" }));
    expect(await screen.findByText("$9.99")).toBeInTheDocument();
    expect(screen.getByText("Earlier")).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls.some((u) => u.includes("productswithplans?all=true"))).toBe(true);
  });

  it("admins edit a current plan: prices go as exact minor units, toast names the new version", async () => {
    const { user, fetchMock } = setup(admin, {
      "PUT /api/auth/subscription/plans/2": () => jsonResponse(plan({ plan_id: 8, plan_version: 2 })),
    });
    await user.click(await screen.findByRole("button", { name: "Edit STANDARD" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit STANDARD" });
    expect(within(dialog).getByLabelText("Price per TiB per month (USD)")).toHaveValue("12.50");
    await user.clear(within(dialog).getByLabelText("SLA hours"));
    await user.type(within(dialog).getByLabelText("SLA hours"), "8");
    await user.clear(within(dialog).getByLabelText("Price per TiB per month (USD)"));
    await user.type(within(dialog).getByLabelText("Price per TiB per month (USD)"), "0.29");
    await user.clear(within(dialog).getByLabelText("Price per TiB per month (EUR)"));
    await user.type(within(dialog).getByLabelText("Price per TiB per month (EUR)"), "1.15");
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(await screen.findByText("Saved as version 2")).toBeInTheDocument();
    const put = calls(fetchMock).indexOf("PUT /api/auth/subscription/plans/2");
    expect(bodyOf(fetchMock, put)).toEqual({
      sla_hours: 8,
      sla_coverage: "business-hours",
      min_quantity: 10,
      self_serve_cap_tib: 25,
      price_per_tib_month: { USD: 29, EUR: 115 },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses bad input in the dialog before sending anything", async () => {
    const { user, fetchMock } = setup(admin);
    await user.click(await screen.findByRole("button", { name: "Edit STANDARD" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit STANDARD" });
    const usd = within(dialog).getByLabelText("Price per TiB per month (USD)");
    await user.clear(usd);
    await user.type(usd, "12.345");
    const eur = within(dialog).getByLabelText("Price per TiB per month (EUR)");
    await user.clear(eur);
    await user.type(eur, "abc");
    await user.clear(within(dialog).getByLabelText("SLA hours"));
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(usd).toHaveAccessibleDescription(PRICE_MESSAGES.decimals);
    expect(eur).toHaveAccessibleDescription(PRICE_MESSAGES.format);
    expect(within(dialog).getByLabelText("SLA hours")).toHaveAccessibleDescription(
      "SLA hours must be a whole number from 1 to 720",
    );
    expect(calls(fetchMock).filter((c) => c.startsWith("PUT"))).toEqual([]);
  });

  it("shows the server's refusal in the dialog", async () => {
    const { user } = setup(admin, {
      "PUT /api/auth/subscription/plans/2": () =>
        jsonResponse({ error: "Only vendor admins can do this", status: 403 }, 403),
    });
    await user.click(await screen.findByRole("button", { name: "Edit STANDARD" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit STANDARD" });
    await user.click(within(dialog).getByRole("button", { name: "Save plan" }));
    expect(await within(dialog).findByText("Only vendor admins can do this")).toBeInTheDocument();
  });

  it("a load failure offers Retry", async () => {
    let fail = true;
    const { user } = setup(engineer, {
      "GET /api/auth/subscription/productswithplans": () =>
        fail ? jsonResponse({ error: "Database busy", status: 500 }, 500) : jsonResponse(catalogue(CURRENT)),
    });
    expect(await screen.findByText("Database busy")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("table", { name: "Plans of Object storage" })).toBeInTheDocument();
  });

  it("customers are told it is for engineers, and nothing is fetched", async () => {
    const { fetchMock } = setup(testCustomer);
    expect(await screen.findByText("This page is available to vendor engineers only.")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("GET /api/auth/subscription/productswithplans");
  });
});
