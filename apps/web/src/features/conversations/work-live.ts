/**
 * The issue's work, live: events (on `issue:{n}` when meant for everyone, on `staff:issue:{n}`
 * otherwise) join the timeline and the activity list, and a tag, assignment or category change
 * reads the work again; notes (staff channel only) are created, edited and deleted in place.
 * Engineers subscribe to the staff channel; frames are not replayed after a reconnect, so a
 * resync reads the activity, notes and work again.
 */
import type { TIssueEvent } from "@portico/shared/schemas/issue-work";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { planningKeys } from "./planning-api";
import { useChannel } from "./realtime/chat";
import { applyEvent, applyNoteChange, changesWork, refreshWork, workKeys } from "./work-api";

export const staffIssueChannel = (n: number) => `staff:issue:${n}`;

export function useLiveWork(
  issueNumber: number,
  isEngineer: boolean,
): { onEvent: (event: TIssueEvent) => void } {
  const queryClient = useQueryClient();
  const handlers = useMemo(() => {
    const onEvent = (event: TIssueEvent) => {
      if (event.issue_number !== issueNumber) return;
      applyEvent(queryClient, issueNumber, event);
      if (changesWork(event)) void refreshWork(queryClient, issueNumber).catch(() => undefined);
      if (event.data.type.startsWith("meeting_"))
        void queryClient.invalidateQueries({ queryKey: planningKeys.issueMeetings(issueNumber) });
      // Someone's todo about this issue: the lists and the nav's count follow.
      if (event.data.type.startsWith("todo_"))
        void queryClient.invalidateQueries({ queryKey: planningKeys.todos });
    };
    const resync = () => {
      void queryClient.invalidateQueries({ queryKey: workKeys.events(issueNumber) });
      void queryClient.invalidateQueries({ queryKey: workKeys.notes(issueNumber) });
      void queryClient.invalidateQueries({ queryKey: planningKeys.issueMeetings(issueNumber) });
      void refreshWork(queryClient, issueNumber).catch(() => undefined);
    };
    return { onEvent, resync };
  }, [queryClient, issueNumber]);

  useChannel(isEngineer ? staffIssueChannel(issueNumber) : null, {
    onFrame: (frame) => {
      if (frame.type === "event") handlers.onEvent(frame.event);
      else if (frame.type === "note" && frame.note.issue_number === issueNumber)
        applyNoteChange(queryClient, issueNumber, frame.action, frame.note);
    },
    onResync: handlers.resync,
  });
  return handlers;
}
