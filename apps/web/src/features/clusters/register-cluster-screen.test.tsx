import { CLUSTER_MESSAGES } from "@portico/shared/schemas/clusters";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import RegisterClusterScreen from "./register-cluster-screen";
import { clusterRow } from "./test/fixtures";

const owner = { ...testCustomer, roles: ["account_owner"] };
const KEY = "portico_ck_0123456789abcdefghijklmnopqrstuv";
const REGISTER = "POST /api/cluster/register";
const created = clusterRow({ id: "c-lab", name: "lab-1", deployment_id: "dep-lab-1", last_report_at: null });

function setup(user: object = owner, routes: Record<string, object> = {}) {
  const fetchMock = mockApi({ "GET /api/chat/user": user, ...routes });
  return { ...renderScreen(<RegisterClusterScreen />, { path: "/cluster/register" }), fetchMock };
}

async function fillIn(user: ReturnType<typeof setup>["user"], deploymentId = "dep-lab-1") {
  await user.type(await screen.findByLabelText("Name"), "lab-1");
  await user.type(screen.getByLabelText("Description"), "Test rack");
  await user.type(screen.getByLabelText("Deployment id"), deploymentId);
  await user.click(screen.getByRole("button", { name: "Register cluster" }));
}

beforeEach(() => {
  persistedStore.remove("selectedAccountId");
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
});

describe("register cluster screen", () => {
  it("checks the form with the shared schema's messages before sending", async () => {
    const { user, fetchMock } = setup();
    await user.click(await screen.findByRole("button", { name: "Register cluster" }));
    expect(await screen.findByText(CLUSTER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CLUSTER_MESSAGES.deploymentId)).toBeInTheDocument();
    expect(screen.getByLabelText("Deployment id")).toHaveAccessibleDescription(
      expect.stringContaining(CLUSTER_MESSAGES.deploymentId),
    );

    await user.type(screen.getByLabelText("Name"), "lab-1");
    await user.type(screen.getByLabelText("Deployment id"), "has spaces");
    await user.click(screen.getByRole("button", { name: "Register cluster" }));
    expect(await screen.findByText(CLUSTER_MESSAGES.deploymentId)).toBeInTheDocument();
    expect(screen.queryByText(CLUSTER_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(REGISTER);
  });

  it("registers, then shows the call-home key once with the crontab line and the report format", async () => {
    const { user, fetchMock } = setup(owner, {
      [REGISTER]: () => jsonResponse({ cluster: created, created: true, call_home_key: KEY }, 201),
    });
    await fillIn(user);
    const panel = await screen.findByRole("region", { name: "Call-home key of lab-1" });
    expect(await screen.findByText("Cluster lab-1 has been registered.")).toBeInTheDocument();
    expect(within(panel).getByText("You will not see this key again", { exact: false })).toBeInTheDocument();
    expect(within(panel).getByText(KEY)).toBeInTheDocument();
    expect(
      within(panel).getByText(
        `0 * * * * curl -fsS -X POST -H "Authorization: Bearer ${KEY}" -H "Content-Type: application/json" --data-binary @/path/report.json ${window.location.origin}/api/health/report`,
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("link", { name: "/api/health/report-schema.json" })).toHaveAttribute(
      "href",
      "/api/health/report-schema.json",
    );
    expect(screen.getByRole("link", { name: "Open the cluster" })).toHaveAttribute("href", "/health/3/c-lab");
    expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();

    const index = calls(fetchMock).indexOf(REGISTER);
    expect(String(fetchMock.mock.calls[index]?.[0])).toContain("aid=3");
    expect(bodyOf(fetchMock, index)).toEqual({
      name: "lab-1",
      description: "Test rack",
      deployment_id: "dep-lab-1",
    });

    await user.click(within(panel).getByRole("button", { name: "Copy the call-home key" }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(await screen.findByText("Copied to the clipboard.")).toBeInTheDocument();

    // Registering another starts a new form; the key is gone for good.
    await user.click(screen.getByRole("button", { name: "Register another cluster" }));
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
  });

  it("says when the deployment id is already registered, with a link to that cluster and no key", async () => {
    const { user } = setup(owner, {
      [REGISTER]: { cluster: created, created: false, call_home_key: null },
    });
    await fillIn(user);
    const notice = await screen.findByRole("status");
    expect(notice).toHaveTextContent("This cluster is already registered");
    expect(notice).toHaveTextContent("rotate the key on its page");
    expect(within(notice).getByRole("link", { name: "lab-1" })).toHaveAttribute("href", "/health/3/c-lab");
    expect(screen.queryByText(/portico_ck_/)).not.toBeInTheDocument();
    expect(screen.queryByText("Cluster lab-1 has been registered.")).not.toBeInTheDocument();
  });

  it("shows the server's refusal beside the form", async () => {
    const { user } = setup(owner, {
      [REGISTER]: () => jsonResponse({ error: CLUSTER_MESSAGES.ownersOnly, status: 403 }, 403),
    });
    await fillIn(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(CLUSTER_MESSAGES.ownersOnly);
    expect(screen.getByLabelText("Name")).toHaveValue("lab-1");
  });

  it("lets an engineer register for the organization chosen in the switcher", async () => {
    persistedStore.set("selectedAccountId", 9);
    const engineer = { ...testCustomer, isEngineer: true, accountId: 9, companyName: "Globex" };
    const { user, fetchMock } = setup(engineer, {
      [REGISTER]: () =>
        jsonResponse({ cluster: { ...created, account_id: 9 }, created: true, call_home_key: KEY }, 201),
    });
    await fillIn(user);
    expect(await screen.findByText(KEY)).toBeInTheDocument();
    const index = calls(fetchMock).indexOf(REGISTER);
    expect(String(fetchMock.mock.calls[index]?.[0])).toContain("aid=9");
  });

  it("tells a plain member that owners and engineers register clusters, without a form", async () => {
    setup(testCustomer);
    expect(
      await screen.findByText("Only an owner of the organization or an engineer can register clusters."),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register cluster" })).not.toBeInTheDocument();
  });
});
