import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { NavLink } from "react-router";
import { Tooltip, TooltipProvider } from "../../components/ui/tooltip";
import { cn } from "../../lib/cn";
import { usePersisted } from "../../lib/persisted-store";
import { todoSummaryQuery, useTodosAllowed } from "../conversations/planning-api";
import { visibleSections } from "./nav-items";

interface Props {
  isEngineer: boolean;
  /** Icons only, each named by its tooltip and a hidden label. */
  mini: boolean;
  onNavigate?: () => void;
}

/** The main navigation: the nav landmark "Main", one link per screen, in the spec's groups. */
export function SidebarNav({ isEngineer, mini, onNavigate }: Props) {
  const todosAllowed = useTodosAllowed();
  const [aid] = usePersisted("selectedAccountId");
  const todoSummary = useQuery(todoSummaryQuery(aid, todosAllowed));
  // The viewer's open todos beside "Todos" (described, so the link keeps its name).
  const counts: Record<string, number> = { "/todos": todoSummary.data?.mine ?? 0 };
  const countId = useId();
  return (
    <TooltipProvider delayDuration={200}>
      <nav aria-label="Main" className={cn("flex-1 overflow-y-auto py-3", mini ? "px-2" : "px-3")}>
        {visibleSections(isEngineer, todosAllowed).map((section) => (
          <div key={section.name} className="mb-4 last:mb-0">
            {mini ? (
              <div aria-hidden="true" className="mx-2 mb-2 border-t first:hidden" />
            ) : (
              <p className="px-2.5 pb-1.5 text-xs font-medium text-muted-foreground">{section.name}</p>
            )}
            <ul className="space-y-0.5">
              {section.items.map((item) => (
                <li key={item.to}>
                  <Tooltip content={item.label} side="right" disabled={!mini}>
                    <NavLink
                      to={item.to}
                      data-tour={item.tour}
                      aria-describedby={(counts[item.to] ?? 0) > 0 ? `${countId}${item.to}` : undefined}
                      onClick={onNavigate}
                      // A plain string: the tooltip's trigger (Radix Slot) cannot pass NavLink's
                      // className function on; NavLink marks the current page with aria-current.
                      className={cn(
                        "flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium transition-colors",
                        "text-muted-foreground hover:bg-muted hover:text-foreground",
                        "aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground",
                        mini && "justify-center px-0",
                      )}
                    >
                      <item.icon aria-hidden="true" className="size-4 shrink-0" />
                      <span className={mini ? "sr-only" : "truncate"}>{item.label}</span>
                      {(counts[item.to] ?? 0) > 0 && !mini && (
                        <span
                          aria-hidden="true"
                          data-testid={`nav-count-${item.label}`}
                          className="ml-auto rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground"
                        >
                          {counts[item.to]}
                        </span>
                      )}
                      {(counts[item.to] ?? 0) > 0 && (
                        <span id={`${countId}${item.to}`} hidden>
                          {counts[item.to]} open, yours
                        </span>
                      )}
                    </NavLink>
                  </Tooltip>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </TooltipProvider>
  );
}
