/** The viewer's phone (docs/API.md, phone): state, a code by SMS, checking it, SMS alerts. */
import type { ZPhoneState, ZPhoneVerifyResponse } from "@portico/shared/schemas/phone";
import type { z } from "@portico/shared/zod";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type TPhoneState = z.infer<typeof ZPhoneState>;
export type TPhoneVerifyResponse = z.infer<typeof ZPhoneVerifyResponse>;

export const phoneQuery = queryOptions({
  queryKey: ["phone"],
  queryFn: () => api.get<TPhoneState>("/api/chat/phone", { aid: false }),
});

export const phoneApi = {
  sendCode: (phone: string) =>
    api.post<TPhoneVerifyResponse>("/api/chat/phone/verify", { phone }, { aid: false }),
  check: (code: string) => api.post<TPhoneState>("/api/chat/phone/check", { code }, { aid: false }),
  setSmsAlerts: (enabled: boolean) =>
    api.put<TPhoneState>("/api/chat/phone/sms-alerts", { enabled }, { aid: false }),
};
