/** Live list updates shared by the issue screens: `issue` frames of the viewer's list channel. */
import { useQueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "../../lib/current-user";
import { usePersisted } from "../../lib/persisted-store";
import { applyIssueItem, issueKeys } from "./api";
import { useChannel } from "./realtime/chat";

/** Engineers follow the whole queue (or one organization's with `aid`), customers their organization. */
export function useListChannel(): string | null {
  const { data: user } = useCurrentUser();
  const [aid] = usePersisted("selectedAccountId");
  if (!user) return null;
  if (user.isEngineer && aid === null) return "queue";
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
