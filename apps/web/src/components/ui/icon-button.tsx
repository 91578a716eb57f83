import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "./button";
import { Tooltip } from "./tooltip";

export interface IconButtonProps extends Omit<ButtonProps, "children" | "asChild"> {
  /** The button's accessible name, also shown as its tooltip. */
  label: string;
  icon: LucideIcon;
  /** Hide the tooltip where the name is visible nearby. */
  tooltip?: boolean;
  tooltipSide?: "top" | "right" | "bottom" | "left";
}

/** A square button showing only an icon; its name is `label` (aria-label and tooltip). */
export function IconButton({
  label,
  icon: Icon,
  tooltip = true,
  tooltipSide,
  variant = "ghost",
  size = "icon",
  ...rest
}: IconButtonProps) {
  return (
    <Tooltip content={label} disabled={!tooltip} {...(tooltipSide ? { side: tooltipSide } : {})}>
      <Button variant={variant} size={size} aria-label={label} {...rest}>
        <Icon aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
