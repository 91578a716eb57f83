/**
 * ISO 3166-1 alpha-2 country codes (officially assigned, 249), named in the browser's language
 * through Intl.DisplayNames so the list stays compact.
 */
const CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

export const COUNTRY_CODES: readonly string[] = CODES.split(" ");

export interface Option {
  value: string;
  label: string;
}

let cached: Option[] | null = null;

/** Countries as select options, sorted by name. */
export function countryOptions(locale?: string): Option[] {
  if (cached && locale === undefined) return cached;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: "region" });
  } catch {
    // No region names in this browser: show the codes.
  }
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names?.of(code) ?? code })).sort(
    (a, b) => a.label.localeCompare(b.label),
  );
  if (locale === undefined) cached = options;
  return options;
}

/** The country of the browser's language ("en-GB" → "GB"), when it is a known code. */
export function guessCountry(language: string | undefined = globalThis.navigator?.language): string {
  const region = language?.split("-").find((part, index) => index > 0 && /^[A-Z]{2}$/.test(part));
  return region && COUNTRY_CODES.includes(region) ? region : "";
}
