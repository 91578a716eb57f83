/**
 * "Summarize" (the issue screen's header): a dialog with the issue's summary in two paragraphs
 * (the problem, then what was done), labelled "Summary by <model>" or "Built-in summary
 * (extracted sentences)". Asked for when the dialog opens; the server's error text with Retry.
 */
import { useMutation } from "@tanstack/react-query";
import Sparkles from "lucide-react/icons/sparkles";
import { useState } from "react";
import { InlineError } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { LoadingRegion, Skeleton } from "../../../components/ui/skeleton";
import { errorMessage } from "../../../lib/api-client";
import { fullWhen } from "../format";
import { summaryApi, type TSummary } from "../planning-api";

export const BUILT_IN_LABEL = "Built-in summary (extracted sentences)";

export function summaryLabel(summary: Pick<TSummary, "source" | "model">): string {
  return summary.source === "llm" ? `Summary by ${summary.model ?? "a language model"}` : BUILT_IN_LABEL;
}

/** The summary's paragraphs (separated by blank lines). */
export function summaryParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function SummaryDialog({ issueNumber }: { issueNumber: number }) {
  const [open, setOpen] = useState(false);
  const summarize = useMutation({ mutationFn: () => summaryApi.summarize(issueNumber) });
  const summary = summarize.data;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && !summarize.isPending) summarize.mutate();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Sparkles aria-hidden="true" />
          Summarize
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Summary of #{issueNumber}</DialogTitle>
          <DialogDescription>
            {summary ? summaryLabel(summary) : "The problem, and what has been done about it."}
          </DialogDescription>
        </DialogHeader>
        {summarize.isError ? (
          <InlineError
            message={errorMessage(summarize.error)}
            onRetry={() => summarize.mutate()}
            retrying={summarize.isPending}
          />
        ) : summarize.isPending || !summary ? (
          <LoadingRegion label="Summarizing the conversation" className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </LoadingRegion>
        ) : (
          <section aria-label="Summary" className="space-y-3 text-sm text-foreground">
            {summaryParagraphs(summary.summary).map((paragraph) => (
              <p key={paragraph} className="break-words whitespace-pre-line">
                {paragraph}
              </p>
            ))}
            <p className="text-xs text-muted-foreground">
              Covers messages up to #{summary.last_message_index} · written {fullWhen(summary.generated_at)}
            </p>
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
