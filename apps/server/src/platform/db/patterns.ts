/** An ILIKE pattern matching `text` anywhere, with the user's own %, _ and \ taken literally. */
export const containing = (text: string) => `%${text.replace(/[%_\\]/g, "\\$&")}%`;
