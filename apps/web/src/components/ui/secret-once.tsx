/**
 * A secret the server keeps only as a hash (an API token, a registration key, a call-home key):
 * this is the one moment it can be copied, so the panel says so, offers a copy button and shows
 * how to use it. CodeSnippet and CopyButton serve any command line shown to copy.
 */
import type { LucideIcon } from "lucide-react";
import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import KeyRound from "lucide-react/icons/key-round";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { Button } from "./button";
import { toast } from "./toast";

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

/** A labelled block of monospace text (a key, a command) with its copy button. */
export function CodeSnippet({ label, text, copyLabel }: { label: string; text: string; copyLabel: string }) {
  return (
    <div className="min-w-0 space-y-1.5">
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

export interface SecretOnceProps {
  /** The panel's heading and accessible name. */
  title: string;
  secret: string;
  /** The secret's label above it, e.g. "API token". */
  secretLabel: string;
  /** Why it is shown only now; the default fits every hashed secret. */
  warning?: string;
  icon?: LucideIcon;
  /** h2 on a screen; h3 inside a dialog or a card that has its own h2. */
  headingLevel?: "h2" | "h3";
  /** How to use it: more snippets, a note. */
  children?: ReactNode;
  className?: string;
  /** Moves focus to the panel when it appears (its trigger is gone, or it should be read out). */
  focusOnShow?: boolean;
}

export function SecretOnce({
  title,
  secret,
  secretLabel,
  warning = "You will not see it again. Copy it now and keep it somewhere safe.",
  icon: Icon = KeyRound,
  headingLevel: Heading = "h2",
  children,
  className,
  focusOnShow = false,
}: SecretOnceProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <section
      ref={ref}
      tabIndex={focusOnShow ? -1 : undefined}
      aria-label={title}
      className={cn(
        "min-w-0 space-y-4 rounded-lg border outline-none focus-visible:ring-2 focus-visible:ring-ring border-warning-surface-foreground/30 bg-card p-4 sm:p-5",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-warning-surface text-warning-surface-foreground">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0 space-y-1">
          <Heading className="text-base font-semibold text-foreground">{title}</Heading>
          <p className="text-sm font-medium text-warning-surface-foreground">{warning}</p>
        </div>
      </div>
      <CodeSnippet label={secretLabel} text={secret} copyLabel={`Copy the ${secretLabel.toLowerCase()}`} />
      {children}
    </section>
  );
}
