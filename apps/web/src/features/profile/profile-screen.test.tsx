import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setSession } from "../../lib/session";
import { bodyOf, calls, mockApi, renderScreen, testCustomer } from "../../test/helpers";
import ProfileScreen from "./profile-screen";

const profile = {
  profile_name: "Ada Lovelace",
  email: "ada@example.com",
  timezone: "Europe/London",
  country_code: "GB",
  slack_member_id: null,
  expertise_category_id: null,
  email_notification: true,
  phone: null,
  picture_url: null,
};

beforeEach(() => {
  setSession({ accessToken: "t", expiresAt: Date.now() + 600_000 });
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: vi.fn(() => "blob:preview"), revokeObjectURL: vi.fn() }),
  );
});

function setup(extra: Record<string, object> = {}) {
  const fetchMock = mockApi({
    "GET /api/chat/profile": profile,
    "GET /api/auth/mfa": { enable_mfa: false },
    "POST /api/chat/profile": profile,
    ...extra,
  });
  const view = renderScreen(<ProfileScreen />, { path: "/profile" });
  return { ...view, fetchMock };
}

function sentForm(fetchMock: ReturnType<typeof mockApi>): FormData {
  const index = calls(fetchMock).indexOf("POST /api/chat/profile");
  return fetchMock.mock.calls[index]?.[1]?.body as FormData;
}

describe("profile", () => {
  it("saves the details as multipart form data", async () => {
    const { user, fetchMock } = setup();
    expect(screen.getByRole("heading", { level: 1, name: "Profile" })).toBeInTheDocument();
    const name = await screen.findByLabelText("Name");
    expect(name).toHaveValue("Ada Lovelace");
    await user.type(screen.getByLabelText("Slack member ID"), "U123");
    await user.type(screen.getByLabelText("Phone"), "+44 20 7946 0000");
    await user.click(screen.getByLabelText("Send me e-mail notifications"));
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Your profile has been saved.")).toBeInTheDocument();
    const form = sentForm(fetchMock);
    expect(form).toBeInstanceOf(FormData);
    expect(Object.fromEntries(form.entries())).toEqual({
      profile_name: "Ada Lovelace",
      timezone: "Europe/London",
      country_code: "GB",
      slack_member_id: "U123",
      phone: "+44 20 7946 0000",
      email_notification: "false",
    });
  });

  it("refuses an empty name and a bad phone number before sending", async () => {
    const { user, fetchMock } = setup();
    await user.clear(await screen.findByLabelText("Name"));
    await user.type(screen.getByLabelText("Phone"), "call me");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid phone number")).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain("POST /api/chat/profile");
  });

  it("refuses a picture over 2 MiB", async () => {
    const { user, fetchMock } = setup();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await user.upload(await screen.findByLabelText("Upload a picture"), big);
    expect(screen.getByText("The picture must be 2 MiB or smaller.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await screen.findByText("Your profile has been saved.");
    expect(sentForm(fetchMock).get("picture")).toBeNull();
  });

  it("refuses a file that is not an image", async () => {
    setup();
    const pdf = new File(["%PDF"], "cv.pdf", { type: "application/pdf" });
    // The accept attribute is only a hint to the file dialog: a dropped or forced file still arrives.
    fireEvent.change(await screen.findByLabelText("Upload a picture"), { target: { files: [pdf] } });
    expect(screen.getByText("Choose a PNG, JPEG, WebP or GIF image.")).toBeInTheDocument();
  });

  it("previews a chosen picture and uploads it with the form", async () => {
    const { user, fetchMock } = setup();
    const picture = new File([new Uint8Array(1000)], "me.jpg", { type: "image/jpeg" });
    await user.upload(await screen.findByLabelText("Upload a picture"), picture);
    expect(screen.getByRole("img", { name: "Your new avatar, not saved yet" })).toHaveAttribute(
      "src",
      "blob:preview",
    );
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await screen.findByText("Your profile has been saved.");
    expect((sentForm(fetchMock).get("picture") as File).name).toBe("me.jpg");
  });

  it("turns two-step sign-in on", async () => {
    const { user, fetchMock } = setup({ "POST /api/auth/mfa": { enable_mfa: true } });
    const toggle = await screen.findByLabelText("Ask for a code sent by e-mail when I sign in");
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const index = calls(fetchMock).indexOf("POST /api/auth/mfa");
    expect(JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body))).toEqual({ enable_mfa: true });
  });

  it("lets an engineer choose their expertise, saved at once", async () => {
    const engineer = { ...testCustomer, userId: 5, accountId: 1, isEngineer: true };
    const { user, fetchMock } = setup({
      "GET /api/chat/user": engineer,
      "GET /api/issue-categories": {
        items: [{ id: 2, name: "Networking", description: "", level: 1, issue_count: 0, expert_count: 0 }],
      },
      "PUT /api/users/5/expertise": {
        user_id: 5,
        category: { id: 2, name: "Networking", description: "", level: 1 },
      },
    });
    const expertise = await screen.findByRole("combobox", { name: "Expertise" });
    expect(expertise).toHaveTextContent("No expertise");
    await user.click(expertise);
    await user.click(await screen.findByRole("option", { name: "Networking (level 1)" }));
    expect(await screen.findByText("Your expertise has been saved.")).toBeInTheDocument();
    expect(bodyOf(fetchMock, calls(fetchMock).indexOf("PUT /api/users/5/expertise"))).toEqual({
      category_id: 2,
    });
    expect(expertise).toHaveTextContent("Networking (level 1)");
  });

  it("shows customers no expertise", async () => {
    const { fetchMock, queryClient } = setup({ "GET /api/chat/user": testCustomer });
    await screen.findByLabelText("Name");
    await waitFor(() => expect(queryClient.getQueryData(["user", null])).toEqual(testCustomer));
    expect(screen.queryByRole("combobox", { name: "Expertise" })).toBeNull();
    expect(calls(fetchMock)).not.toContain("GET /api/issue-categories");
    expect(screen.queryByText("Issue expertise")).toBeNull();
  });
});
