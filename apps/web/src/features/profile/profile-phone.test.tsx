import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { setSession } from "../../lib/session";
import { jsonResponse, mockApi, renderScreen } from "../../test/helpers";
import ProfileScreen from "./profile-screen";

const profile = {
  profile_name: "Ada Lovelace",
  email: "ada@example.com",
  timezone: "Europe/London",
  country_code: "GB",
  slack_member_id: null,
  expertise_category_id: null,
  email_notification: true,
  phone: null as string | null,
  picture_url: null,
};

beforeEach(() => setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 }));

describe("profile: the Phone card and the personal details", () => {
  it("a number sent a code shows in the details too, so saving them keeps it", async () => {
    // The server stores the number on the profile when it sends the code.
    let phone: string | null = null;
    mockApi({
      "GET /api/chat/profile": () => jsonResponse({ ...profile, phone }),
      "GET /api/auth/mfa": { enable_mfa: false },
      "GET /api/chat/phone": () => jsonResponse({ phone, verified: false, sms_alerts: false }),
      "POST /api/chat/phone/verify": () => {
        phone = "+14155550123";
        return jsonResponse({ sent_to: "+*********123", expires_at: "2026-01-01T10:10:00Z" });
      },
    });
    const { user } = renderScreen(<ProfileScreen />, { path: "/profile" });
    expect(await screen.findByLabelText("Phone")).toHaveValue("");
    await user.type(await screen.findByLabelText("Mobile number"), "+14155550123");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() => expect(screen.getByLabelText("Phone")).toHaveValue("+14155550123"));
  });
});
