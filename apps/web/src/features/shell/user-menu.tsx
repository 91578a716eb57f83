import type { TUserInfo } from "@portico/shared/schemas/accounts";
import { useQueryClient } from "@tanstack/react-query";
import ChevronDown from "lucide-react/icons/chevron-down";
import CircleUserRound from "lucide-react/icons/circle-user-round";
import Compass from "lucide-react/icons/compass";
import Key from "lucide-react/icons/key";
import LockKeyhole from "lucide-react/icons/lock-keyhole";
import LogOut from "lucide-react/icons/log-out";
import MessageSquareHeart from "lucide-react/icons/message-square-heart";
import Monitor from "lucide-react/icons/monitor";
import Moon from "lucide-react/icons/moon";
import Palette from "lucide-react/icons/palette";
import Sun from "lucide-react/icons/sun";
import { lazy, Suspense, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { Skeleton } from "../../components/ui/skeleton";
import { useAuthorizedImage } from "../../lib/authorized-image";
import { THEME_PREFERENCES, type ThemePreference } from "../../lib/persisted-store";
import { signOut } from "../../lib/sign-out";
import { useThemePreference } from "../../lib/theme";
import { startTour } from "../tour/tour";

/** Loaded when first opened: it pulls the feedback contract (and zod), which the shell must not. */
const FeedbackDialog = lazy(() => import("../feedback/feedback-dialog"));

const THEMES: Record<ThemePreference, { label: string; icon: typeof Sun }> = {
  system: { label: "System", icon: Monitor },
  light: { label: "Light", icon: Sun },
  dark: { label: "Dark", icon: Moon },
};

/**
 * Avatar button opening the user's menu: profile, API tokens, password, theme, the welcome tour
 * (customers), send feedback, sign out.
 */
export function UserMenu({ user, pictureVersion }: { user: TUserInfo | undefined; pictureVersion: number }) {
  const navigate = useNavigate();
  const [theme, setTheme] = useThemePreference();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedbackLoaded, setFeedbackLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const tourStarting = useRef(false);
  const picture = useAuthorizedImage(
    user?.hasPicture ? `/api/chat/user/${user.userId}/thumbnail?v=${pictureVersion}` : null,
  );

  if (!user) return <Skeleton className="size-9 rounded-full" />;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          ref={trigger}
          aria-label="User menu"
          className="flex cursor-pointer items-center gap-2 rounded-full p-0.5 hover:bg-muted md:rounded-md md:py-1 md:pr-2 md:pl-1"
        >
          <Avatar name={user.name} src={picture.status === "loaded" ? picture.src : null} size="sm" />
          <span className="hidden max-w-40 truncate text-sm font-medium md:inline">{user.name}</span>
          <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground md:inline" />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          className="w-60"
          // The feedback dialog takes focus; the menu must not pull it back to its button.
          // The tour's popover takes it too (and gives it back to this button when it ends).
          onCloseAutoFocus={(event) => {
            if (feedbackOpen || tourStarting.current) event.preventDefault();
            tourStarting.current = false;
          }}
        >
          <DropdownMenuLabel className="font-normal">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuItem onSelect={() => navigate("/profile")}>
              <CircleUserRound aria-hidden="true" />
              Profile
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate("/api-tokens")}>
              <Key aria-hidden="true" />
              API tokens
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => navigate("/change-password")}>
              <LockKeyhole aria-hidden="true" />
              Change password
            </DropdownMenuItem>
            <DropdownMenuSub>
              <DropdownMenuSubTrigger>
                <Palette aria-hidden="true" />
                Theme
                <span className="ml-auto text-xs text-muted-foreground">{THEMES[theme].label}</span>
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent>
                <DropdownMenuRadioGroup
                  value={theme}
                  onValueChange={(value) => setTheme(value as ThemePreference)}
                >
                  {THEME_PREFERENCES.map((value) => {
                    const { label, icon: Icon } = THEMES[value];
                    return (
                      <DropdownMenuRadioItem key={value} value={value}>
                        <Icon aria-hidden="true" />
                        {label}
                      </DropdownMenuRadioItem>
                    );
                  })}
                </DropdownMenuRadioGroup>
              </DropdownMenuSubContent>
            </DropdownMenuSub>
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          {!user.isEngineer && (
            <DropdownMenuItem
              onSelect={() => {
                tourStarting.current = true;
                void startTour({ queryClient, returnFocus: () => trigger.current });
              }}
            >
              <Compass aria-hidden="true" />
              Take the tour
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            onSelect={() => {
              setFeedbackLoaded(true);
              setFeedbackOpen(true);
            }}
          >
            <MessageSquareHeart aria-hidden="true" />
            Send feedback
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {feedbackLoaded && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} fallbackFocus={trigger} />
        </Suspense>
      )}
    </>
  );
}
