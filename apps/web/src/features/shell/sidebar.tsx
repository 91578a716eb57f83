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
    <aside
      className={cn(
        "sticky top-0 hidden h-dvh shrink-0 flex-col border-r bg-card transition-[width] md:flex",
        mini ? "w-16" : "w-60 xl:w-64",
      )}
    >
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
  );
}
