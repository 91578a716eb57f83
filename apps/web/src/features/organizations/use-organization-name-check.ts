/**
 * Live availability of an organization name: once the name passes the spec's rule, the server is
 * asked (POST validate-organization-name) after the user pauses typing.
 */
import { ORGANIZATION_NAME_PATTERN } from "@portico/shared/validation";
import { useEffect, useState } from "react";
import { isApiError } from "../../lib/api-client";
import { organizationsApi } from "./api";

export const NAME_CHECK_DEBOUNCE_MS = 400;

export type NameCheck =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "available" }
  | { state: "unavailable"; message: string };

export function useOrganizationNameCheck(name: string): NameCheck {
  const [check, setCheck] = useState<NameCheck>({ state: "idle" });
  const trimmed = name.trim();

  useEffect(() => {
    if (!ORGANIZATION_NAME_PATTERN.test(trimmed)) {
      setCheck({ state: "idle" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setCheck({ state: "checking" });
      try {
        await organizationsApi.validateName(trimmed, controller.signal);
        setCheck({ state: "available" });
      } catch (error) {
        if (controller.signal.aborted) return;
        // Only the server's verdict (400 not valid, 409 taken) is shown; a network hiccup is not.
        if (isApiError(error) && (error.status === 400 || error.status === 409)) {
          setCheck({ state: "unavailable", message: error.error });
        } else setCheck({ state: "idle" });
      }
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  return check;
}
