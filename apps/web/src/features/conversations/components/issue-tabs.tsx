/**
 * Open issue tabs (spec §2.4): at most 50 (the shared tabs rule drops the oldest), each a link
 * with a close button and a menu (also on right-click): close this, close others, close all.
 * Kept in the persisted store, so they survive reloads and follow other browser tabs.
 */
import {
  closeAll,
  closeOthers,
  closeTab,
  openTab,
  sanitizeTabs,
  tabAfterClose,
} from "@portico/shared/rules/tabs";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import ChevronDown from "lucide-react/icons/chevron-down";
import X from "lucide-react/icons/x";
import { useEffect, useState } from "react";
import { NavLink, useNavigate, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { IconButton } from "../../../components/ui/icon-button";
import { cn } from "../../../lib/cn";
import { usePersisted } from "../../../lib/persisted-store";
import { cachedIssueTitle, issueTitleQuery } from "../api";

export function useIssueTabs() {
  const [raw, setRaw] = usePersisted("issueTabs");
  const tabs = sanitizeTabs(raw);
  return [tabs, setRaw] as const;
}

/** Adds the issue on screen to the tabs (once; reopening keeps its place). */
export function useOpenIssueTab(issueNumber: number): void {
  const [tabs, setTabs] = useIssueTabs();
  const open = tabs.includes(issueNumber);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the issue on screen changes
  useEffect(() => {
    if (!open) setTabs(openTab(tabs, issueNumber));
  }, [issueNumber, open]);
}

/**
 * A tab's title: from a list or thread this page view holds, else fetched once (and cached) for
 * tabs of issues not loaded yet. The issue on screen waits for its own thread instead.
 */
function useTabTitle(issueNumber: number, onScreen: boolean): string | undefined {
  const queryClient = useQueryClient();
  const held = cachedIssueTitle(queryClient, issueNumber);
  const fetched = useQuery({ ...issueTitleQuery(issueNumber), enabled: held === undefined && !onScreen });
  return held ?? fetched.data;
}

function Tab({
  issueNumber,
  onScreen,
  onClose,
  onCloseOthers,
  onCloseAll,
}: {
  issueNumber: number;
  onScreen: boolean;
  onClose: () => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const title = useTabTitle(issueNumber, onScreen);
  return (
    <li
      className="flex shrink-0 items-center rounded-md border bg-card"
      onContextMenu={(event) => {
        event.preventDefault();
        setMenuOpen(true);
      }}
    >
      <NavLink
        to={`/issues/${issueNumber}`}
        className={({ isActive }) =>
          cn(
            "flex max-w-56 items-center gap-1 truncate rounded-l-md px-2.5 py-1.5 text-sm",
            isActive ? "font-semibold text-foreground" : "text-muted-foreground hover:text-foreground",
          )
        }
      >
        <span>#{issueNumber}</span>
        {title && <span className="truncate">{title}</span>}
      </NavLink>
      <DropdownMenu open={menuOpen} onOpenChange={setMenuOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`Tab actions for #${issueNumber}`}>
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={onClose}>Close this tab</DropdownMenuItem>
          <DropdownMenuItem onSelect={onCloseOthers}>Close other tabs</DropdownMenuItem>
          <DropdownMenuItem onSelect={onCloseAll}>Close all tabs</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <IconButton label={`Close #${issueNumber}`} icon={X} size="icon-sm" tooltip={false} onClick={onClose} />
    </li>
  );
}

export function IssueTabs() {
  const [tabs, setTabs] = useIssueTabs();
  const navigate = useNavigate();
  const current = Number(useParams().issueNumber) || null;
  if (tabs.length === 0) return null;

  const close = (n: number) => {
    setTabs(closeTab(tabs, n));
    if (n !== current) return;
    const next = tabAfterClose(tabs, n);
    navigate(next ? `/issues/${next}` : "/issues");
  };
  const closeOthersThan = (n: number) => {
    setTabs(closeOthers(tabs, n));
    if (current !== n) navigate(`/issues/${n}`);
  };
  const closeEvery = () => {
    setTabs(closeAll());
    if (current) navigate("/issues");
  };

  return (
    <nav aria-label="Issue tabs" className="mb-4 -mt-2 overflow-x-auto pb-1">
      <ul className="flex gap-1.5">
        {tabs.map((n) => (
          <Tab
            key={n}
            issueNumber={n}
            onScreen={n === current}
            onClose={() => close(n)}
            onCloseOthers={() => closeOthersThan(n)}
            onCloseAll={closeEvery}
          />
        ))}
      </ul>
    </nav>
  );
}
