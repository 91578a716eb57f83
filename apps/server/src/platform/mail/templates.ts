/** Transactional e-mails: plain text plus a small HTML twin with every value escaped. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function compose(subject: string, lines: string[], link?: { href: string; label: string }): MailContent {
  const text = [...lines, ...(link ? ["", `${link.label}: ${link.href}`] : []), "", "— Portico"].join("\n");
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "",
    "<p>— Portico</p>",
  ].join("\n");
  return { subject, text, html };
}

export const mails = {
  confirmSignup: (link: string) =>
    compose(
      "Confirm your e-mail address",
      [
        "Welcome to Portico.",
        "Confirm your e-mail address to finish creating your account. The link is valid for 24 hours.",
      ],
      { href: link, label: "Confirm e-mail address" },
    ),
  alreadyRegistered: (link: string) =>
    compose(
      "Confirm your e-mail address",
      [
        "Someone asked to sign up to Portico with this address, which already has an account.",
        "If it was you, sign in instead.",
      ],
      { href: link, label: "Sign in" },
    ),
  invite: (company: string, inviter: string, link: string) =>
    compose(
      `You are invited to join ${company} on Portico`,
      [
        `${inviter} invited you to join the organization ${company} on Portico.`,
        "The invitation is valid for 7 days.",
      ],
      { href: link, label: "Accept invitation" },
    ),
  otp: (code: string) =>
    compose("Your Portico sign-in code", [
      `Your sign-in code is ${code}`,
      "It is valid for 10 minutes. If you did not try to sign in, change your password.",
    ]),
  resetPassword: (link: string) =>
    compose(
      "Reset your Portico password",
      [
        "We received a request to reset your password. The link is valid for 1 hour.",
        "If you did not ask for it, ignore this e-mail.",
      ],
      { href: link, label: "Reset password" },
    ),
  panic: (p: { company: string; title: string; raisedBy: string; link: string }) =>
    compose(
      `PANIC: ${p.company}: ${p.title}`,
      [
        `${p.raisedBy} of ${p.company} raised a panic: a severe outage.`,
        `"${p.title}"`,
        "It is at the top of every engineer's queue. Take it now.",
      ],
      { href: p.link, label: "Open the panic issue" },
    ),
  passwordChanged: () =>
    compose("Your Portico password was changed", [
      "The password of your Portico account was just changed.",
      "If this was not you, reset your password at once and contact support.",
    ]),
  /** An engineer turned another user's e-mailed sign-in code on or off (the console's MFA action). */
  mfaChangedBySupport: (enabled: boolean, vendor: string) =>
    compose(`Your Portico sign-in code was turned ${enabled ? "on" : "off"}`, [
      `The ${vendor} support team turned ${enabled ? "on" : "off"} the e-mailed sign-in code of your Portico account.`,
      enabled
        ? "From your next sign-in, Portico e-mails you a code to enter after your password."
        : "You now sign in with your password alone. You can turn the code back on in your profile.",
      "If you did not ask for this, contact support.",
    ]),
  mention: (m: { issueNumber: number; title: string; by: string; link: string }) =>
    compose(
      `${m.by} mentioned you on issue #${m.issueNumber}: ${m.title}`,
      [`${m.by} mentioned you on issue #${m.issueNumber}.`, `"${m.title}"`],
      { href: m.link, label: "Open the issue" },
    ),
  /** A notification engineers sent (issue 17): its title as the subject, each line of its body a paragraph. */
  notice: (n: { title: string; body: string; link: string }) =>
    compose(
      `Portico: ${n.title}`,
      [
        ...n.body
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== ""),
        "You receive this because e-mail notifications are on in your Portico profile.",
      ],
      { href: n.link, label: "Open your alerts" },
    ),
  /** A scheduled meeting; the .ics travels as an attachment. Times are UTC (the calendar file has them exactly). */
  meetingInvitation: (m: MeetingMail & { agenda: string }) =>
    compose(
      `Invitation: ${m.title} (issue #${m.issueNumber})`,
      [
        `${m.by} invited you to a meeting about issue #${m.issueNumber}.`,
        `"${m.title}"`,
        `When: ${m.when}`,
        ...(m.meetingLink ? [`Join: ${m.meetingLink}`] : []),
        ...(m.agenda ? ["Agenda:", m.agenda] : []),
        "The attached invite.ics adds it to your calendar.",
      ],
      { href: m.link, label: "Open the issue" },
    ),
  meetingCancelled: (m: MeetingMail) =>
    compose(
      `Cancelled: ${m.title} (issue #${m.issueNumber})`,
      [
        `${m.by} cancelled the meeting about issue #${m.issueNumber}.`,
        `"${m.title}"`,
        `It was planned for ${m.when}.`,
        "The attached invite.ics removes it from your calendar.",
      ],
      { href: m.link, label: "Open the issue" },
    ),
};

interface MeetingMail {
  issueNumber: number;
  title: string;
  by: string;
  /** e.g. "2026-12-01 14:00–15:00 UTC". */
  when: string;
  meetingLink: string | null;
  link: string;
}
