/** Live list updates shared by the issue screens: `issue` frames of the viewer's list channel. */
import { useQueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import { applyIssueItem, issueKeys } from "./api";
import { useChannel } from "./realtime/chat";

/**
 * Engineers follow the whole queue, also while looking at one organization (only the queue's
 * items carry the engineers' `work`; applyIssueItem keeps other organizations out of that list);
 * customers follow their organization.
 */
export function useListChannel(): string | null {
  const { data: user } = useCurrentUser();
  const [aid] = usePersisted("selectedAccountId");
  if (!user) return null;
  if (user.isEngineer) return "queue";
  const accountId = aid ?? user.accountId;
  return accountId ? `account:${accountId}` : null;
}

export function useLiveIssueList(): void {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: issueKeys.lists() });
  useChannel(useListChannel(), {
    onFrame: (frame) => {
      if (frame.type === "issue" && applyIssueItem(queryClient, frame.item)) invalidate();
    },
    // Lists are not replayed: what changed while the socket was down comes from the server.
    onResync: invalidate,
  });
}
