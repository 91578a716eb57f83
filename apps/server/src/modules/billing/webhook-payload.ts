/**
 * What both webhook parsers share: the payload kept on the event row without card data or
 * secrets, and one header's value.
 */

/** Keys whose values never reach our tables (card details, client secrets, signing material). */
const SECRET_KEY =
  /secret|password|token|^card$|^number$|^cvc$|^iin$|fingerprint|masked_number|payment_method_details|billing_details|^source$|^payment_source$/i;

/** A deep copy of the provider's payload with card data and secrets removed. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!SECRET_KEY.test(key)) kept[key] = withoutSecrets(inner);
  }
  return kept;
}

/** One header's value; a repeated header counts as absent (neither provider sends one twice). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === "string" ? value : undefined;
}

/** Seconds since the epoch (both providers' timestamps) as a Date. */
export const fromSeconds = (seconds: number) => new Date(seconds * 1000);
