/** /end-subscription: what ending means, reason and feedback, confirm → POST cancel → /subscription; scheduled cancel with Undo; engineers' End now; the reason for whoever may not. */
import { BILLING_MESSAGES } from "@portico/shared/schemas/billing";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { persistedStore } from "../../lib/persisted-store";
import { setSession } from "../../lib/session";
import {
  bodyOf,
  calls,
  currentUrl,
  type Handler,
  jsonResponse,
  mockApi,
  renderScreen,
  testCustomer,
} from "../../test/helpers";
import EndSubscriptionScreen from "./end-subscription-screen";
import { subscriptionDetail, subscriptionResponse } from "./test-fixtures";

const BASE = "/api/auth/subscription";
const owner = { ...testCustomer, roles: ["account_owner"] };
const engineer = { ...testCustomer, userId: 9, name: "Eve Engineer", isEngineer: true };

function setup(routes: Record<string, Handler | object> = {}, user: object = owner) {
  const fetchMock = mockApi({
    "GET /api/chat/user": user,
    [`GET ${BASE}`]: subscriptionResponse(),
    ...routes,
  });
  const view = renderScreen(<EndSubscriptionScreen />, {
    path: "/end-subscription",
    routes: [{ path: "/subscription", element: <p>Subscription screen</p> }],
  });
  return { ...view, fetchMock };
}

const bodyOfCall = (fetchMock: ReturnType<typeof mockApi>, call: string) =>
  bodyOf(fetchMock, calls(fetchMock).lastIndexOf(call));

beforeEach(() => {
  setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 });
  persistedStore.remove("selectedAccountId");
});

describe("/end-subscription", () => {
  it("explains what ending means, then cancels with the reason and feedback and goes back with the end date", async () => {
    const { user, fetchMock, router } = setup({
      [`POST ${BASE}/cancel`]: {
        cancel_at: "2027-03-01T09:00:00Z",
        reason: "too-expensive",
        feedback: "Budget cut",
        requested_by: "Ada Lovelace",
        requested_at: "2026-05-01T09:00:00Z",
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "End subscription" })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(within(crumbs).getByRole("link", { name: "Subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(await screen.findByText(/GNU AGPL v3/)).toBeInTheDocument();
    expect(screen.getByText(/the licence expires/)).toBeInTheDocument();

    const trigger = screen.getByRole("button", { name: "Cancel subscription" });
    expect(trigger).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "It costs too much" }));
    await user.type(screen.getByLabelText("Anything else we should know? (optional)"), "  Budget cut ");
    await user.click(trigger);
    const confirm = await screen.findByRole("alertdialog", { name: "Cancel the subscription?" });
    expect(calls(fetchMock)).not.toContain(`POST ${BASE}/cancel`);
    await user.click(within(confirm).getByRole("button", { name: "Cancel subscription" }));

    expect(await screen.findByText(/^Your subscription is set to cancel\. It ends on /)).toBeInTheDocument();
    expect(bodyOfCall(fetchMock, `POST ${BASE}/cancel`)).toEqual({
      reason: "too-expensive",
      feedback: "Budget cut",
    });
    await waitFor(() => expect(currentUrl(router)).toBe("/subscription"));
  });

  it("keeps the confirmation open and shows the server's message when cancelling fails", async () => {
    const { user, router } = setup({
      [`POST ${BASE}/cancel`]: () =>
        jsonResponse({ error: BILLING_MESSAGES.alreadyScheduledToCancel, status: 409 }, 409),
    });
    await user.click(await screen.findByRole("radio", { name: "Another reason" }));
    await user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Cancel subscription" }));
    expect((await screen.findAllByText(BILLING_MESSAGES.alreadyScheduledToCancel)).length).toBeGreaterThan(0);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(currentUrl(router)).toBe("/end-subscription");
  });

  it("shows a cancellation already set, with when and why, and undoes it", async () => {
    let cancelAt: string | null = "2027-03-01T09:00:00Z";
    const { user, fetchMock } = setup({
      [`GET ${BASE}`]: () =>
        jsonResponse(subscriptionResponse({ subscription: subscriptionDetail({ cancel_at: cancelAt }) })),
      [`GET ${BASE}/cancel`]: {
        cancel_at: "2027-03-01T09:00:00Z",
        reason: "missing-features",
        feedback: "We need replication",
        requested_by: "Ada Lovelace",
        requested_at: "2026-05-01T09:00:00Z",
      },
      [`POST ${BASE}/undo-cancel`]: () => {
        cancelAt = null;
        return jsonResponse({ ok: true });
      },
    });
    expect(await screen.findByRole("heading", { name: "Set to cancel" })).toBeInTheDocument();
    expect(await screen.findByText("Features we need are missing")).toBeInTheDocument();
    expect(screen.getByText("We need replication")).toBeInTheDocument();
    expect(screen.getByText(/by Ada Lovelace$/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Undo cancellation" }));
    expect(await screen.findByText("The cancellation has been undone.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST ${BASE}/undo-cancel`);
    // Back to the form: the subscription renews again.
    expect(await screen.findByRole("radiogroup", { name: "Why are you leaving?" })).toBeInTheDocument();
  });

  it("tells a plain member why they cannot cancel, without the form", async () => {
    setup(
      {
        [`GET ${BASE}`]: subscriptionResponse({
          abilities: {
            manage: false,
            subscribe: false,
            resubscribe: false,
            end: false,
            reason: BILLING_MESSAGES.ownersOnly,
          },
        }),
      },
      testCustomer,
    );
    expect(await screen.findByText(BILLING_MESSAGES.ownersOnly)).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel subscription" })).toBeNull();
    expect(screen.queryByRole("button", { name: "End now" })).toBeNull();
  });

  it("tells the owner of a custom account why, too", async () => {
    setup({
      [`GET ${BASE}`]: subscriptionResponse({
        account_type: "CUSTOM",
        abilities: {
          manage: false,
          subscribe: false,
          resubscribe: false,
          end: false,
          reason: BILLING_MESSAGES.customAccount,
        },
      }),
    });
    expect(await screen.findByText(BILLING_MESSAGES.customAccount)).toBeInTheDocument();
    expect(screen.queryByRole("radiogroup")).toBeNull();
  });

  it("has an empty state with the way back when there is no subscription", async () => {
    setup({ [`GET ${BASE}`]: subscriptionResponse({ subscription: null, subscribed_products: [] }) });
    expect(await screen.findByText("No subscription to end")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );
  });

  it("shows a failure with Retry", async () => {
    let fail = true;
    const { user } = setup({
      [`GET ${BASE}`]: () =>
        fail
          ? jsonResponse({ error: "Database unavailable", status: 500 }, 500)
          : jsonResponse(subscriptionResponse()),
    });
    expect(await screen.findByText("Database unavailable")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("radiogroup", { name: "Why are you leaving?" })).toBeInTheDocument();
  });
});

describe("/end-subscription for engineers", () => {
  it("ends the subscription now only after the organization's name is typed", async () => {
    const { user, fetchMock, router } = setup(
      {
        [`GET ${BASE}`]: subscriptionResponse({
          abilities: { manage: true, subscribe: false, resubscribe: false, end: true, reason: null },
        }),
        [`POST ${BASE}/end/11`]: { ok: true },
      },
      engineer,
    );
    await user.click(await screen.findByRole("button", { name: "End now" }));
    const dialog = await screen.findByRole("dialog", { name: "End the subscription of Acme now?" });
    const endButton = within(dialog).getByRole("button", { name: "End subscription now" });
    expect(endButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type the organization's name to confirm"), "Acm");
    expect(endButton).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type the organization's name to confirm"), "e");
    await user.click(endButton);
    expect(await screen.findByText("The subscription of Acme has ended.")).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`POST ${BASE}/end/11`);
    await waitFor(() => expect(currentUrl(router)).toBe("/subscription"));
  });
});
