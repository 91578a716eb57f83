/**
 * File names: the original is kept for display; the stored name (used in Content-Disposition and
 * anywhere a name meets a file system or a header) is a plain base name. Path parts in either
 * separator, percent-encoded traversal (`%2e%2e%2f`), absolute paths, control characters, CR/LF
 * and quotes never survive into it.
 */

const MAX_STORED_BYTES = 200;
const FALLBACK = "file";

/** Decodes percent-encoding until it stops changing (a name may be encoded twice to hide `../`). */
function decodeFully(name: string): string {
  let current = name;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function cutToBytes(value: string, max: number): string {
  let out = "";
  let bytes = 0;
  for (const ch of value) {
    bytes += Buffer.byteLength(ch);
    if (bytes > max) break;
    out += ch;
  }
  return out;
}

export function storedFileName(original: string): string {
  const decoded = decodeFully(original).normalize("NFC");
  const base = decoded.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    // Controls (CR, LF, NUL, …), format characters (bidi overrides that disguise extensions).
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .replace(/["'`<>|:*?]/g, "_")
    .replace(/\s+/g, " ")
    .trim()
    // No hidden files, no `..`: leading dots go.
    .replace(/^\.+/, "");
  const dot = cleaned.lastIndexOf(".");
  const ext = dot > 0 && cleaned.length - dot <= 16 ? cleaned.slice(dot) : "";
  const stem = ext ? cleaned.slice(0, dot) : cleaned;
  const name = `${cutToBytes(stem, MAX_STORED_BYTES - Buffer.byteLength(ext))}${ext}`;
  return name === "" || name === ext ? `${FALLBACK}${ext}` : name;
}

/** The name as shown: the original without control characters (which could break a line of UI). */
export function displayFileName(original: string): string {
  return original.replace(/[\p{Cc}]/gu, "").trim();
}
