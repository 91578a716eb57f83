/** The test-mode card form: labelled fields with card autocomplete, masks, messages, the confirm call and its refusals. */
import { BILLING_MESSAGES, TEST_MODE_BASE } from "@portico/shared/schemas/billing";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import { formatCardNumber, formatExpiry, TEST_MODE_TITLE, TestCardForm } from "./test-card-form";

const CONFIRM = `POST ${TEST_MODE_BASE}/payments/pi_test_1/confirm`;

function setup(confirm: object | (() => Response) = { status: "processing", return_url: null }) {
  const fetchMock = mockApi({ [CONFIRM]: confirm });
  const onConfirmed = vi.fn();
  const view = renderScreen(
    <TestCardForm
      paymentIntentId="pi_test_1"
      clientSecret="pi_test_1_secret_abc"
      submitLabel="Pay $135.00"
      onConfirmed={onConfirmed}
    />,
  );
  return { ...view, fetchMock, onConfirmed };
}

beforeEach(() => setSession({ accessToken: "tok", expiresAt: Date.now() + 600_000 }));

describe("TestCardForm", () => {
  it("says it is test mode, lists the test cards, and labels card fields for autofill", () => {
    setup();
    expect(screen.getByRole("heading", { name: TEST_MODE_TITLE })).toBeInTheDocument();
    expect(TEST_MODE_TITLE).toBe("Test mode — no money moves");
    expect(screen.getByText("4242 4242 4242 4242")).toBeInTheDocument();
    expect(screen.getByText("4000 0000 0000 0002")).toBeInTheDocument();
    expect(screen.getByText("4000 0000 0000 9995")).toBeInTheDocument();
    const number = screen.getByLabelText("Card number");
    expect(number).toHaveAttribute("autocomplete", "cc-number");
    expect(number).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByLabelText("Expiry (MM/YY)")).toHaveAttribute("autocomplete", "cc-exp");
    expect(screen.getByLabelText("Security code (CVC)")).toHaveAttribute("autocomplete", "cc-csc");
  });

  it("masks as typed: card number in groups of four, expiry with its slash, CVC digits", async () => {
    expect(formatCardNumber("4242-4242x4242 42424")).toBe("4242 4242 4242 4242 4");
    expect(formatExpiry("1")).toBe("1");
    expect(formatExpiry("12")).toBe("12");
    expect(formatExpiry("1230")).toBe("12/30");
    const { user } = setup();
    await user.type(screen.getByLabelText("Card number"), "4000000000000002");
    expect(screen.getByLabelText("Card number")).toHaveValue("4000 0000 0000 0002");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "1230");
    expect(screen.getByLabelText("Expiry (MM/YY)")).toHaveValue("12/30");
    await user.type(screen.getByLabelText("Security code (CVC)"), "1a2b3");
    expect(screen.getByLabelText("Security code (CVC)")).toHaveValue("123");
  });

  it("refuses empty or malformed fields with the provider's messages and calls nothing", async () => {
    const { user, fetchMock } = setup();
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "1330");
    await user.click(screen.getByRole("button", { name: "Pay $135.00" }));
    expect(await screen.findByText(BILLING_MESSAGES.cardInvalid)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.cardExpiry)).toBeInTheDocument();
    expect(screen.getByText(BILLING_MESSAGES.cardCvc)).toBeInTheDocument();
    expect(screen.getByLabelText("Card number")).toHaveAttribute("aria-invalid", "true");
    expect(calls(fetchMock)).toEqual([]);
  });

  it("confirms the card with the client secret, digits only and a four-digit year, then hands over", async () => {
    const { user, fetchMock, onConfirmed } = setup();
    await user.type(screen.getByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "0931");
    await user.type(screen.getByLabelText("Security code (CVC)"), "123");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith({ status: "processing", return_url: null }));
    expect(calls(fetchMock)).toEqual([CONFIRM]);
    expect(bodyOf(fetchMock)).toEqual({
      client_secret: "pi_test_1_secret_abc",
      card_number: "4242424242424242",
      exp_month: 9,
      exp_year: 2031,
      cvc: "123",
    });
  });

  it("shows the provider's refusal (an expired card) and stays on the form", async () => {
    const { user, onConfirmed } = setup(() =>
      jsonResponse({ error: BILLING_MESSAGES.cardExpiry, status: 400 }, 400),
    );
    await user.type(screen.getByLabelText("Card number"), "4242424242424242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), "0120");
    await user.type(screen.getByLabelText("Security code (CVC)"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $135.00" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(BILLING_MESSAGES.cardExpiry);
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
