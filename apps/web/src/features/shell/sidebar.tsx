import PanelLeftClose from "lucide-react/icons/panel-left-close";
import PanelLeftOpen from "lucide-react/icons/panel-left-open";
import { Link } from "react-router";
import { BrandMark } from "../../components/ui/brand";
import { IconButton } from "../../components/ui/icon-button";
import { cn } from "../../lib/cn";
import { SidebarNav } from "./sidebar-nav";

/**
 * The desktop sidebar: as tall as the window, its navigation scrolling inside it, full or mini
 * (icons with tooltips, remembered).
 */
export function Sidebar({
  isEngineer,
  mini,
  onToggle,
}: {
  isEngineer: boolean;
  mini: boolean;
  onToggle: () => void;
}) {
  return (
    // The outer box runs the page's full height (border and background); the sidebar inside it
    // stays in view while the page scrolls.
    <div
      className={cn(
        "hidden shrink-0 border-r bg-card transition-[width] md:block",
        mini ? "w-16" : "w-60 xl:w-64",
      )}
    >
      <aside className="sticky top-0 flex h-dvh flex-col">
        <div className={cn("flex h-14 shrink-0 items-center border-b", mini ? "justify-center" : "px-5")}>
          <Link to="/issues" className="rounded-md" aria-label="Portico home">
            <BrandMark compact={mini} />
          </Link>
        </div>
        <SidebarNav isEngineer={isEngineer} mini={mini} />
        <div className={cn("flex shrink-0 border-t p-2", mini ? "justify-center" : "justify-end")}>
          <IconButton
            label={mini ? "Expand sidebar" : "Collapse sidebar"}
            icon={mini ? PanelLeftOpen : PanelLeftClose}
            tooltipSide="right"
            onClick={onToggle}
          />
        </div>
      </aside>
    </div>
  );
}
