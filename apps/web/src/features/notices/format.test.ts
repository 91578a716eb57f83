/** The notifications' words: audience, read count, preview line and the toast after sending. */
import { describe, expect, it } from "vitest";
import { audienceSummary, previewText, readText, sentText } from "./format";
import { makeNotice } from "./test-data";

describe("notice words", () => {
  it.each([
    [makeNotice(1), "Everyone"],
    [
      makeNotice(1, { audience: "accounts", accounts: [{ account_id: 2, company: "Acme" }] }),
      "1 organization",
    ],
    [
      makeNotice(1, {
        audience: "accounts",
        accounts: [
          { account_id: 2, company: "Acme" },
          { account_id: 3, company: "Globex" },
          { account_id: 4, company: "Initech" },
        ],
      }),
      "3 organizations",
    ],
    [
      makeNotice(1, { audience: "users", users: [{ user_id: 5, name: "Ada", email: "a@x.example" }] }),
      "1 user",
    ],
  ])("audience of %#: %s", (notice, text) => {
    expect(audienceSummary(notice)).toBe(text);
  });

  it("reads 'n of m' with thousands separated", () => {
    expect(readText({ read_count: 12, recipient_count: 40 })).toBe("12 of 40");
    expect(readText({ read_count: 1200, recipient_count: 100000 })).toBe("1,200 of 100,000");
  });

  it.each([
    [{ recipients: 1234, emailed: 1100 }, true, "Goes to 1,234 users; 1,100 also by e-mail"],
    [{ recipients: 1, emailed: 1 }, true, "Goes to 1 user; 1 also by e-mail"],
    [{ recipients: 1234, emailed: 1100 }, false, "Goes to 1,234 users; none by e-mail"],
  ])("preview %j, e-mail %s: %s", (preview, email, text) => {
    expect(previewText(preview, email)).toBe(text);
  });

  it("the toast says sent when it is, else how many it is going to", () => {
    expect(sentText({ status: "sent", recipient_count: 3 }, 5)).toBe("Notification sent to 3 users");
    expect(sentText({ status: "sending", recipient_count: 0 }, 1)).toBe("Sending to 1 user…");
    expect(sentText({ status: "sending", recipient_count: 0 }, null)).toBe("Sending the notification…");
  });
});
