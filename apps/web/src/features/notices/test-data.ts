/** Notices and directory users for the tests of this feature. */
import type { TDirectoryUser } from "@portico/shared/schemas/users";
import type { TNotice, TNoticePage } from "./api";

export const engineer = {
  userId: 9,
  name: "Eve Engineer",
  email: "eve@portico.example",
  accountId: 1,
  companyName: "Portico",
  isEngineer: true,
  roles: [],
  accountType: null,
  mfaEnabled: false,
  hasPicture: false,
};

export function makeNotice(id: number, over: Partial<TNotice> = {}): TNotice {
  return {
    id,
    title: `Planned upgrade ${id}`,
    body: "The portal is upgraded on Saturday.\nExpect a short interruption.",
    audience: "everyone",
    accounts: [],
    users: [],
    send_email: true,
    sent_by: { user_id: 9, name: "Eve Engineer" },
    status: "sent",
    recipient_count: 40,
    emailed_count: 31,
    read_count: 12,
    created_at: "2026-11-20T09:30:00Z",
    finished_at: "2026-11-20T09:30:05Z",
    ...over,
  };
}

export function pageOf(items: TNotice[], over: Partial<TNoticePage> = {}): TNoticePage {
  return { items, total: items.length, page: 1, page_size: 25, ...over };
}

export function directoryUser(id: number, name: string, email: string): TDirectoryUser {
  return {
    user_id: id,
    name,
    email,
    is_engineer: false,
    is_admin: false,
    is_disabled: false,
    mfa_enabled: false,
    created_at: "2026-01-01T00:00:00Z",
    organizations: [],
  };
}

export function organization(id: number, company: string) {
  return {
    account_id: id,
    company,
    is_trial: false,
    is_disabled: false,
    account_type: { type: "SUBSCRIBED", serviceType: "ENTERPRISE", status: "active", hasSupport: true },
    users: 3,
    created_at: "2026-01-01T00:00:00Z",
  };
}
