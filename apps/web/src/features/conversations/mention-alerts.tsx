/**
 * Mentions, live (issue 10): the shell subscribes once per session to the viewer's own
 * `user:{id}` channel over the tab's one chat connection; a `mention` frame shows a toast "Erin
 * Engineer mentioned you in #12 Printer on fire" with Open, which goes to the message.
 */
import type { TMention } from "@portico/shared/schemas/issue-work";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../components/ui/toast";
import { useChannel } from "./realtime/chat";

export function mentionText(mention: TMention): string {
  return `${mention.by.name} mentioned you in #${mention.issue_number} ${mention.title}`;
}

export function mentionLink(mention: TMention): string {
  const at = mention.message_index ? `?msgIndex=${mention.message_index}` : "";
  return `/issues/${mention.issue_number}${at}`;
}

/** Renders nothing: mounted by the shell for a signed-in user. */
export default function MentionAlerts({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const announce = useCallback(
    (mention: TMention) =>
      toast.info(mentionText(mention), {
        id: `mention-${mention.id}`,
        duration: 15_000,
        action: { label: "Open", onClick: () => navigate(mentionLink(mention)) },
      }),
    [navigate],
  );
  useChannel(`user:${userId}`, {
    onFrame: (frame) => {
      if (frame.type === "mention") announce(frame.mention);
    },
  });
  return null;
}
