/** The words of the notifications screens: audience, status, counts (pure, table-tested). */
import type { TNotice } from "@portico/shared/schemas/notices";

const count = new Intl.NumberFormat("en-US");

/** "1,234" */
export function formatCount(n: number): string {
  return count.format(n);
}

/** "1 user", "1,234 users" */
export function usersText(n: number): string {
  return n === 1 ? "1 user" : `${formatCount(n)} users`;
}

/** "1 organization", "3 organizations" */
export function organizationsText(n: number): string {
  return n === 1 ? "1 organization" : `${formatCount(n)} organizations`;
}

/** Who a notice went to, in a few words: "Everyone", "3 organizations", "2 users". */
export function audienceSummary(notice: Pick<TNotice, "audience" | "accounts" | "users">): string {
  if (notice.audience === "everyone") return "Everyone";
  if (notice.audience === "accounts") return organizationsText(notice.accounts.length);
  return usersText(notice.users.length);
}

export const STATUS_LABELS: Record<TNotice["status"], string> = {
  sending: "Sending…",
  sent: "Sent",
  failed: "Failed",
};

/** "12 of 40" read in the bell. */
export function readText(notice: Pick<TNotice, "read_count" | "recipient_count">): string {
  return `${formatCount(notice.read_count)} of ${formatCount(notice.recipient_count)}`;
}

/** The send dialog's preview line: "Goes to 1,234 users; 1,100 also by e-mail". */
export function previewText(preview: { recipients: number; emailed: number }, sendEmail: boolean): string {
  const goes = `Goes to ${usersText(preview.recipients)}`;
  if (!sendEmail) return `${goes}; none by e-mail`;
  return `${goes}; ${formatCount(preview.emailed)} also by e-mail`;
}

/** The toast once the server took it: delivered already, or on its way in the background. */
export function sentText(
  notice: Pick<TNotice, "status" | "recipient_count">,
  expected: number | null,
): string {
  if (notice.status === "sent") return `Notification sent to ${usersText(notice.recipient_count)}`;
  if (expected === null) return "Sending the notification…";
  return `Sending to ${usersText(expected)}…`;
}
