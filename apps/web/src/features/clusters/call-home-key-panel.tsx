/**
 * A new call-home key, shown once (registering a cluster, rotating its key): the kit's SecretOnce
 * with the crontab line that sends the cluster's report with it, and where the report format is
 * described.
 */
import { CodeSnippet, SecretOnce } from "../../components/ui/secret-once";

export const REPORT_SCHEMA_PATH = "/api/health/report-schema.json";

/** The one-line cron + curl of the README, with this server and the key filled in. */
export function callHomeCommand(callHomeKey: string, origin = window.location.origin): string {
  return [
    "0 * * * *",
    "curl -fsS -X POST",
    `-H "Authorization: Bearer ${callHomeKey}"`,
    '-H "Content-Type: application/json"',
    "--data-binary @/path/report.json",
    `${origin}/api/health/report`,
  ].join(" ");
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
  headingLevel,
  className,
}: CallHomeKeyPanelProps) {
  return (
    <SecretOnce
      title={`Call-home key of ${clusterName}`}
      secret={callHomeKey}
      secretLabel="Call-home key"
      warning="You will not see this key again. Copy it now and keep it with the cluster."
      headingLevel={headingLevel}
      className={className}
    >
      <CodeSnippet
        label="Send a report every hour (add this line to the cluster's crontab)"
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
    </SecretOnce>
  );
}
