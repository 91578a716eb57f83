/**
 * An issue tag as a chip: its colour as a dot and a tinted border, the name in the text colour
 * (readable in light and dark whatever the colour), and an optional remove button.
 */
import X from "lucide-react/icons/x";
import { cn } from "../../../lib/cn";

export interface TagChipProps {
  tag: { name: string; color: string };
  /** Shows a remove button named "Remove tag <name>". */
  onRemove?: () => void;
  removing?: boolean;
  className?: string;
}

export function TagChip({ tag, onRemove, removing = false, className }: TagChipProps) {
  return (
    <span
      data-testid="tag-chip"
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full border bg-background py-0.5 pl-2 text-xs font-medium text-foreground",
        onRemove ? "pr-0.5" : "pr-2",
        className,
      )}
      style={{ borderColor: `${tag.color}99` }}
    >
      <span
        aria-hidden="true"
        className="size-2 shrink-0 rounded-full"
        style={{ backgroundColor: tag.color }}
      />
      <span className="truncate">{tag.name}</span>
      {onRemove && (
        <button
          type="button"
          aria-label={`Remove tag ${tag.name}`}
          disabled={removing}
          onClick={onRemove}
          className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
        >
          <X aria-hidden="true" className="size-3" />
        </button>
      )}
    </span>
  );
}
