/**
 * Links of the main navigation, grouped as the spec's screens (§2.2); engineer-only ones are
 * hidden from customers (the server enforces access).
 */
import type { LucideIcon } from "lucide-react";
import Archive from "lucide-react/icons/archive";
import Bell from "lucide-react/icons/bell";
import Building2 from "lucide-react/icons/building-2";
import CalendarDays from "lucide-react/icons/calendar-days";
import ChartColumn from "lucide-react/icons/chart-column";
import ChartLine from "lucide-react/icons/chart-line";
import CircleArrowUp from "lucide-react/icons/circle-arrow-up";
import CircleUserRound from "lucide-react/icons/circle-user-round";
import Clock from "lucide-react/icons/clock";
import CreditCard from "lucide-react/icons/credit-card";
import FolderOpen from "lucide-react/icons/folder-open";
import Handshake from "lucide-react/icons/handshake";
import HeartPulse from "lucide-react/icons/heart-pulse";
import Key from "lucide-react/icons/key";
import KeyRound from "lucide-react/icons/key-round";
import ListTodo from "lucide-react/icons/list-todo";
import LockKeyhole from "lucide-react/icons/lock-keyhole";
import Megaphone from "lucide-react/icons/megaphone";
import MessageSquareHeart from "lucide-react/icons/message-square-heart";
import MessagesSquare from "lucide-react/icons/messages-square";
import Package from "lucide-react/icons/package";
import ServerCog from "lucide-react/icons/server-cog";
import Siren from "lucide-react/icons/siren";
import TriangleAlert from "lucide-react/icons/triangle-alert";
import UserX from "lucide-react/icons/user-x";
import Users from "lucide-react/icons/users";
import type { TourStop } from "../tour/tour-steps";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  engineerOnly?: boolean;
  /** Shown only where the shared isFeatureAllowed says so (spec §6). */
  feature?: "todo";
  /** The welcome tour's stop at this link (`data-tour`). */
  tour?: TourStop;
}

export const NAV_SECTIONS: ReadonlyArray<{ name: string; items: readonly NavItem[] }> = [
  {
    name: "Support",
    items: [
      { to: "/issues", label: "Issues", icon: MessagesSquare, tour: "issues" },
      { to: "/meetings", label: "Meetings", icon: CalendarDays },
      { to: "/panic", label: "Panic", icon: Siren, tour: "panic" },
      { to: "/alerts", label: "Alerts", icon: Bell },
      { to: "/files", label: "Files", icon: FolderOpen, tour: "files" },
      { to: "/todos", label: "Todos", icon: ListTodo, feature: "todo" },
    ],
  },
  {
    name: "Clusters",
    items: [
      { to: "/health", label: "Health", icon: HeartPulse, tour: "clusters" },
      { to: "/cluster/register", label: "Register cluster", icon: ServerCog },
    ],
  },
  {
    name: "Subscription",
    items: [
      { to: "/license", label: "License", icon: KeyRound, tour: "licences" },
      { to: "/subscription", label: "Subscription", icon: CreditCard },
      { to: "/upgrade-subscription", label: "Upgrade subscription", icon: CircleArrowUp },
      { to: "/users", label: "Users", icon: Users },
      { to: "/plans", label: "Plans", icon: Package, engineerOnly: true },
      { to: "/sales-requests", label: "Sales requests", icon: Handshake, engineerOnly: true },
    ],
  },
  {
    name: "Engineering",
    items: [
      { to: "/customers", label: "Customers", icon: Building2, engineerOnly: true },
      { to: "/time-log", label: "Time log", icon: Clock, engineerOnly: true },
      { to: "/notifications", label: "Notifications", icon: Megaphone, engineerOnly: true },
      { to: "/reports", label: "Reports", icon: ChartColumn, engineerOnly: true },
      { to: "/activity", label: "Engineer activity", icon: ChartLine, engineerOnly: true },
      { to: "/users-without-membership", label: "Users without membership", icon: UserX, engineerOnly: true },
      { to: "/purgeview", label: "Purged accounts", icon: Archive, engineerOnly: true },
      { to: "/feedback", label: "Feedback", icon: MessageSquareHeart, engineerOnly: true },
      { to: "/system-alerts", label: "System alerts", icon: TriangleAlert, engineerOnly: true },
    ],
  },
  {
    name: "Account",
    items: [
      { to: "/profile", label: "Profile", icon: CircleUserRound },
      { to: "/api-tokens", label: "API tokens", icon: Key },
      { to: "/change-password", label: "Change password", icon: LockKeyhole },
    ],
  },
];

export function visibleSections(isEngineer: boolean, todosAllowed = true) {
  return NAV_SECTIONS.map((section) => ({
    name: section.name,
    items: section.items.filter(
      (item) => (isEngineer || !item.engineerOnly) && (todosAllowed || item.feature !== "todo"),
    ),
  })).filter((section) => section.items.length > 0);
}
