/**
 * A new call-home key, shown once (registering a cluster, rotating its key): the key, the
 * crontab line that sends the cluster's report with it, and where the report format is
 * described. The server keeps only a hash, so this is the one moment to copy it.
 */
import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import KeyRound from "lucide-react/icons/key-round";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/toast";
import { cn } from "../../lib/cn";

export const REPORT_SCHEMA_PATH = "/api/health/report-schema.json";

/** The one-line cron + curl of the README, with this server and the key filled in. */
export function callHomeCommand(callHomeKey: string, origin = window.location.origin): string {
  return [
    "0 3 * * *",
    "curl -fsS -X POST",
    `-H "Authorization: Bearer ${callHomeKey}"`,
    '-H "Content-Type: application/json"',
    "--data-binary @/path/report.json",
    `${origin}/api/health/report`,
  ].join(" ");
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success("Copied to the clipboard.");
    } catch {
      toast.error("Could not copy. Select the text and copy it instead.");
    }
  };
  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

function Snippet({ label, text, copyLabel }: { label: string; text: string; copyLabel: string }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-2">
        <p className="text-sm font-medium text-foreground">{label}</p>
        <CopyButton text={text} label={copyLabel} />
      </div>
      <pre className="rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap text-foreground">
        <code>{text}</code>
      </pre>
    </div>
  );
}

export interface CallHomeKeyPanelProps {
  /** The key just issued (portico_ck_…). */
  callHomeKey: string;
  clusterName: string;
  /** h2 on a screen; h3 inside a dialog or a card that has its own h2. */
  headingLevel?: "h2" | "h3";
  className?: string;
}

export function CallHomeKeyPanel({
  callHomeKey,
  clusterName,
  headingLevel: Heading = "h2",
  className,
}: CallHomeKeyPanelProps) {
  return (
    <section
      aria-label={`Call-home key of ${clusterName}`}
      className={cn(
        "space-y-4 rounded-lg border border-warning-surface-foreground/30 bg-card p-4 sm:p-5",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-warning-surface text-warning-surface-foreground">
          <KeyRound aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 space-y-1">
          <Heading className="text-base font-semibold text-foreground">
            Call-home key of {clusterName}
          </Heading>
          <p className="text-sm font-medium text-warning-surface-foreground">
            You will not see this key again. Copy it now and keep it with the cluster.
          </p>
        </div>
      </div>
      <Snippet label="Call-home key" text={callHomeKey} copyLabel="Copy the call-home key" />
      <Snippet
        label="Send a report every day (add this line to the cluster's crontab)"
        text={callHomeCommand(callHomeKey)}
        copyLabel="Copy the crontab line"
      />
      <p className="text-sm text-muted-foreground">
        /path/report.json is the report the cluster's admin tool writes. Its format is the JSON Schema at{" "}
        <a
          href={REPORT_SCHEMA_PATH}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-link underline-offset-2 hover:underline"
        >
          {REPORT_SCHEMA_PATH}
        </a>
        .
      </p>
    </section>
  );
}
