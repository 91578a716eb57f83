/**
 * CSV for exports (RFC 4180: comma separated, CRLF line ends, a field quoted when it holds a
 * comma, quote, CR or LF, quotes doubled). A text cell a spreadsheet would read as a formula
 * (starting with = + - @ TAB or CR) is prefixed with ' so opening the file runs nothing (OWASP
 * CSV injection). No CSV library is installed and this is all an export needs.
 */
import type { FastifyReply } from "fastify";
import { sendUserFile } from "./user-files";

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV lines (each ending in CRLF) for rows written after a header, e.g. an export in batches. */
export function csvLines(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return csvLines([header, ...rows]);
}

/** How every CSV export answers: a download (attachment) of `filename`, UTF-8, no byte-order mark. */
export const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  sendUserFile(reply, { contentType: "text/csv; charset=utf-8", filename, data: Buffer.from(csv) });
