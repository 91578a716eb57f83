import { PHONE_MESSAGES } from "@portico/shared/schemas/phone";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bodyOf, calls, jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import { PhoneCard } from "./phone-card";

const unverified = { phone: null, verified: false, sms_alerts: false };
const verified = { phone: "+14155550123", verified: true, sms_alerts: false };

function renderCard(isEngineer: boolean, routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/phone": unverified,
    "POST /api/chat/phone/verify": { sent_to: "+*********123", expires_at: "2026-01-01T10:10:00Z" },
    "POST /api/chat/phone/check": verified,
    ...(routes as Record<string, object>),
  });
  return { ...renderScreen(<PhoneCard isEngineer={isEngineer} />), fetchMock };
}

const refused =
  (error: string, status = 400) =>
  () =>
    jsonResponse({ error, status }, status);

describe("phone card", () => {
  it("sends a code to the number typed (spaces dropped), then verifies it", async () => {
    const { user, fetchMock } = renderCard(false);
    expect(await screen.findByText("Not verified")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Mobile number"), "+1 415 555-0123");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Code sent to +*********123.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("POST /api/chat/phone/verify"))).toEqual({
      phone: "+14155550123",
    });
    expect(
      screen.getByText(/We texted a code to \+\*{9}123\. It works for 10 minutes\./),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText("Verification code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Your phone number is verified.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("POST /api/chat/phone/check"))).toEqual({
      code: "123456",
    });
    expect(screen.getByText("Verified")).toBeInTheDocument();
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
  });

  it("refuses a number without its country code and a code that is not 6 digits, before sending", async () => {
    const { user, fetchMock } = renderCard(false);
    await user.type(await screen.findByLabelText("Mobile number"), "4155550123");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText(PHONE_MESSAGES.phone)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/chat/phone/verify");

    await user.clear(screen.getByLabelText("Mobile number"));
    await user.type(screen.getByLabelText("Mobile number"), "+14155550123");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByLabelText("Verification code"), "12a4");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(PHONE_MESSAGES.code)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/chat/phone/check");
  });

  it.each([
    PHONE_MESSAGES.codeInvalid,
    PHONE_MESSAGES.codeExpired,
    PHONE_MESSAGES.tooManyAttempts,
    PHONE_MESSAGES.noPendingCode,
  ])("shows the server's refusal of the code in its words: %s", async (message) => {
    const { user } = renderCard(false, { "POST /api/chat/phone/check": refused(message) });
    await user.type(await screen.findByLabelText("Mobile number"), "+14155550123");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await user.type(await screen.findByLabelText("Verification code"), "000000");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByText("Not verified")).toBeInTheDocument();
  });

  it("shows a refused code request (too many codes) in the server's words", async () => {
    const { user } = renderCard(false, {
      "POST /api/chat/phone/verify": refused("Too many codes requested, try again in 10 minutes", 429),
    });
    await user.type(await screen.findByLabelText("Mobile number"), "+14155550123");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many codes requested, try again in 10 minutes",
    );
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
  });

  it("shows the saved number and Verified", async () => {
    renderCard(false, { "GET /api/chat/phone": verified });
    expect(await screen.findByText("Verified")).toBeInTheDocument();
    expect(screen.getByLabelText("Mobile number")).toHaveValue("+14155550123");
  });

  it("customers have no SMS alerts switch, even verified", async () => {
    renderCard(false, { "GET /api/chat/phone": verified });
    await screen.findByText("Verified");
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });

  it("engineers with a verified phone turn SMS for panics and assignments on", async () => {
    const { user, fetchMock } = renderCard(true, {
      "GET /api/chat/phone": verified,
      "PUT /api/chat/phone/sms-alerts": { ...verified, sms_alerts: true },
    });
    const sms = await screen.findByRole("switch", { name: "Text me for panics and assignments" });
    expect(sms).not.toBeChecked();
    await user.click(sms);
    expect(await screen.findByText("Panics and assignments will be texted to you.")).toBeInTheDocument();
    expect(sms).toBeChecked();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/chat/phone/sms-alerts"))).toEqual({
      enabled: true,
    });
  });

  it("engineers without a verified phone are told to verify first", async () => {
    renderCard(true);
    expect(
      await screen.findByText("Verify your number to have panics and assignments texted to you."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("switch")).not.toBeInTheDocument();
  });

  it("a refused SMS switch shows the server's words", async () => {
    const { user } = renderCard(true, {
      "GET /api/chat/phone": verified,
      "PUT /api/chat/phone/sms-alerts": refused(PHONE_MESSAGES.smsNeedsVerifiedPhone),
    });
    await user.click(await screen.findByRole("switch", { name: "Text me for panics and assignments" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(PHONE_MESSAGES.smsNeedsVerifiedPhone);
  });

  it("a failed load shows Retry", async () => {
    let fail = true;
    const { user } = renderCard(false, {
      "GET /api/chat/phone": () =>
        fail ? jsonResponse({ error: "Database busy", status: 400 }, 400) : jsonResponse(verified),
    });
    expect(await screen.findByText("Database busy")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getByText("Verified")).toBeInTheDocument());
  });
});
