/** Reading an .ics back in tests: unfolded content lines, the calendar's and its VEVENT's properties. */

export interface IcsProperty {
  name: string;
  params: string;
  value: string;
}

/** Splits "NAME;PARAMS:VALUE" at the first colon outside a quoted parameter value. */
function property(line: string): IcsProperty {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ":" && !quoted) {
      const key = line.slice(0, i);
      const semi = key.indexOf(";");
      return {
        name: semi === -1 ? key : key.slice(0, semi),
        params: semi === -1 ? "" : key.slice(semi + 1),
        value: line.slice(i + 1),
      };
    }
  }
  throw new Error(`not a content line: ${line}`);
}

/** RFC 5545 text: CRLF lines, folded lines unfolded; the one VEVENT's properties apart. */
export function parseIcs(text: string) {
  if (!text.includes("\r\n")) throw new Error("an .ics uses CRLF line ends");
  const lines = text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
  const calendar: IcsProperty[] = [];
  const event: IcsProperty[] = [];
  const stack: string[] = [];
  for (const line of lines.map(property)) {
    if (line.name === "BEGIN") stack.push(line.value);
    else if (line.name === "END") {
      if (stack.pop() !== line.value) throw new Error(`unbalanced END:${line.value}`);
    } else if (stack.at(-1) === "VEVENT") event.push(line);
    else if (stack.at(-1) === "VCALENDAR") calendar.push(line);
  }
  if (stack.length) throw new Error(`unclosed ${stack.join(", ")}`);
  const one = (props: IcsProperty[], name: string) => props.find((p) => p.name === name)?.value;
  return {
    calendar: (name: string) => one(calendar, name),
    event: (name: string) => one(event, name),
    all: (name: string) => event.filter((p) => p.name === name),
  };
}

/** The UTC form of an instant in an .ics: 20261201T140000Z. */
export const icsUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
