/** Who is in the conversation (spec §3 participants), engineers' online state beside their names. */
import { useQuery } from "@tanstack/react-query";
import { participantsQuery } from "../api";
import { EngineerPresence } from "./presence-dot";

export function Participants({ issueNumber }: { issueNumber: number }) {
  const participants = useQuery(participantsQuery(issueNumber));
  const list = participants.data ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-label="Participants"
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground"
    >
      <span className="font-medium text-foreground">Participants:</span>
      <ul className="flex flex-wrap gap-x-3 gap-y-1">
        {list.map((p) => (
          <li key={p.user_id} className="flex items-center gap-1.5">
            {p.name}
            {p.is_engineer && (
              <>
                <span className="sr-only">(engineer)</span>
                <EngineerPresence userId={p.user_id} fallback={p.online} />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
