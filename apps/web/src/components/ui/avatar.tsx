import * as AvatarPrimitive from "@radix-ui/react-avatar";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../../lib/cn";

/** "Ada Lovelace" → "AL"; one word → one letter; nothing → "?". */
export function initialsOf(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return initials || "?";
}

const avatarVariants = cva(
  "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent font-semibold text-accent-foreground select-none",
  {
    variants: {
      size: { sm: "size-7 text-xs", md: "size-9 text-sm", lg: "size-16 text-lg" },
    },
    defaultVariants: { size: "md" },
  },
);

interface AvatarProps extends VariantProps<typeof avatarVariants> {
  name: string;
  /** Picture address (an object URL for pictures that need the bearer token); initials without it. */
  src?: string | null | undefined;
  /** Name of the picture for screen readers; without it the avatar is decorative (the name is shown nearby). */
  label?: string;
  className?: string;
}

/** A person's picture, or their initials while it loads, when there is none, or when it fails. */
export function Avatar({ name, src, label, size, className }: AvatarProps) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <AvatarPrimitive.Root className={cn(avatarVariants({ size }), className)} {...a11y}>
      {src && <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" />}
      <AvatarPrimitive.Fallback {...(src ? { delayMs: 300 } : {})}>
        {initialsOf(name)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
