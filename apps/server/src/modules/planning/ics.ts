/**
 * The iCalendar file of a meeting invitation (RFC 5545 / iTIP RFC 5546) built with ical-generator:
 * METHOD:REQUEST for an invitation, METHOD:CANCEL (status CANCELLED) for a cancellation. The UID
 * is stable per meeting and SEQUENCE grows with every update sent, so calendar clients replace
 * or remove the event they already hold instead of adding a second one.
 */

import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";
import type { OutboxAttachment } from "../../db/schema";

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsMeeting {
  id: number;
  title: string;
  start: Date;
  end: Date;
  /** The video call (Zoom link): the event's location and URL. */
  meetingLink: string | null;
  agenda: string;
  /** The issue in Portico, given in the description. */
  issueLink: string;
  issueNumber: number;
  sequence: number;
  organizer: IcsPerson;
  attendees: IcsPerson[];
}

/** meeting-<id>@<host of PUBLIC_URL>: one meeting, one calendar event, whoever sends it. */
export function meetingUid(meetingId: number, publicUrl: string) {
  return `meeting-${meetingId}@${new URL(publicUrl).hostname}`;
}

function description(m: IcsMeeting) {
  return [m.agenda, `Issue #${m.issueNumber}: ${m.issueLink}`, m.meetingLink ? `Join: ${m.meetingLink}` : ""]
    .filter((part) => part !== "")
    .join("\n\n");
}

/** The text of the .ics for an invitation (request) or a cancellation (cancel). */
export function buildMeetingIcs(m: IcsMeeting, method: "request" | "cancel", publicUrl: string): string {
  const cancel = method === "cancel";
  const calendar = ical({
    prodId: { company: "Portico", product: "Portico meetings", language: "EN" },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: meetingUid(m.id, publicUrl),
    sequence: m.sequence,
    start: m.start,
    end: m.end,
    stamp: new Date(),
    summary: m.title,
    description: description(m),
    location: m.meetingLink,
    url: m.meetingLink,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: m.organizer.name, email: m.organizer.email },
    attendees: m.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !cancel,
    })),
  });
  return calendar.toString();
}

/** The outbox attachment: `invite.ics`, text/calendar with its iTIP method. */
export function icsAttachment(ics: string, method: "request" | "cancel"): OutboxAttachment {
  return {
    filename: "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${method === "cancel" ? "CANCEL" : "REQUEST"}`,
    contentBase64: Buffer.from(ics, "utf8").toString("base64"),
  };
}
