/**
 * Byte, speed and capacity units of spec §9. Sizes are binary (KiB … YiB, base 1024); upload
 * speeds use the spec's exact unit list B/s, kB/s, MB/s (decimal bytes, base 1000) and Gb/s,
 * which is gigaBITS (1 Gb/s = 125 000 000 bytes/s), as network links are rated. Numbers show
 * at most two decimals with trailing zeros dropped ("1.5 KiB", "2 MiB").
 */

/** Shown for NaN and ±Infinity: better a visible unknown than a wrong figure. */
export const UNKNOWN_QUANTITY = "—";

interface Step {
  unit: string;
  /** Input units per one shown unit. */
  divisor: number;
  /** Inputs at or above this use the next step. */
  below: number;
  decimals: number;
}

function round(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}

function formatScaled(n: number, steps: readonly Step[]): string {
  if (!Number.isFinite(n)) return UNKNOWN_QUANTITY;
  const abs = Math.abs(n);
  let index = steps.findIndex((s) => abs < s.below);
  if (index === -1) index = steps.length - 1;
  let step = steps[index] as Step;
  let shown = round(abs / step.divisor, step.decimals);
  // Rounding may carry into the next unit: 1023.999 KiB reads "1 MiB", never "1024 KiB".
  const next = steps[index + 1];
  if (next && shown * step.divisor >= step.below) {
    step = next;
    shown = round(abs / step.divisor, step.decimals);
  }
  return `${n < 0 && shown !== 0 ? "-" : ""}${shown} ${step.unit}`;
}

export const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"] as const;

const BYTE_STEPS: readonly Step[] = BYTE_UNITS.map((unit, i) => ({
  unit,
  divisor: 1024 ** i,
  below: i === BYTE_UNITS.length - 1 ? Number.POSITIVE_INFINITY : 1024 ** (i + 1),
  decimals: i === 0 ? 0 : 2,
}));

/** 1536 → "1.5 KiB"; whole bytes below 1 KiB. */
export function formatBytes(bytes: number): string {
  return formatScaled(bytes, BYTE_STEPS);
}

export const SPEED_UNITS = ["B/s", "kB/s", "MB/s", "Gb/s"] as const;

/** Gb/s takes over at 1000 MB/s, so every lower unit shows values below 1000. */
const SPEED_STEPS: readonly Step[] = [
  { unit: "B/s", divisor: 1, below: 1e3, decimals: 0 },
  { unit: "kB/s", divisor: 1e3, below: 1e6, decimals: 2 },
  { unit: "MB/s", divisor: 1e6, below: 1e9, decimals: 2 },
  { unit: "Gb/s", divisor: 1e9 / 8, below: Number.POSITIVE_INFINITY, decimals: 2 },
];

/** 2_500_000 → "2.5 MB/s"; 1_000_000_000 → "8 Gb/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return formatScaled(bytesPerSecond, SPEED_STEPS);
}

export const CAPACITY_UNITS = ["TiB", "PiB"] as const;
export type CapacityUnit = (typeof CAPACITY_UNITS)[number];
export const TIB_PER_PIB = 1024;

/** Capacity is stored as whole TiB (design §4); a PiB entry is converted on the way in. */
export function normalizeCapacity(value: number, unit: CapacityUnit): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Capacity must be a non-negative whole number, got ${value}`);
  }
  const tib = unit === "PiB" ? value * TIB_PER_PIB : value;
  if (!Number.isSafeInteger(tib)) throw new RangeError(`Capacity ${value} ${unit} is too large`);
  return tib;
}

/** The inverse for forms and labels: whole PiB when exact, otherwise TiB. */
export function capacityForDisplay(tib: number): { value: number; unit: CapacityUnit } {
  return tib > 0 && tib % TIB_PER_PIB === 0
    ? { value: tib / TIB_PER_PIB, unit: "PiB" }
    : { value: tib, unit: "TiB" };
}

/** Default capacity cap in TiB (spec §9): 400 for every ENTERPRISE* plan, 25 otherwise. */
export const ENTERPRISE_CAPACITY_CAP = 400;
export const DEFAULT_CAPACITY_CAP = 25;

export function defaultCapacityCap(serviceType: string | null | undefined): number {
  return (serviceType ?? "").trim().toUpperCase().startsWith("ENTERPRISE")
    ? ENTERPRISE_CAPACITY_CAP
    : DEFAULT_CAPACITY_CAP;
}
