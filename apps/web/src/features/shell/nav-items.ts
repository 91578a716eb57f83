/** Links of the main navigation; engineer-only ones are hidden from customers (the server enforces access). */
export interface NavItem {
  to: string;
  label: string;
  /** Two letters shown in the mini sidebar. */
  short: string;
  engineerOnly?: boolean;
}

export const NAV_SECTIONS: ReadonlyArray<{ name: string; items: readonly NavItem[] }> = [
  {
    name: "Support",
    items: [
      { to: "/issues", label: "Issues", short: "Is" },
      { to: "/panic", label: "Panic", short: "Pa" },
      { to: "/health", label: "Health", short: "He" },
      { to: "/cluster/register", label: "Register cluster", short: "Rc" },
      { to: "/alerts", label: "Alerts", short: "Al" },
      { to: "/files", label: "Files", short: "Fi" },
      { to: "/todos", label: "Todos", short: "To" },
    ],
  },
  {
    name: "Administration",
    items: [
      { to: "/license", label: "License", short: "Li" },
      { to: "/subscription", label: "Subscription", short: "Su" },
      { to: "/upgrade-subscription", label: "Upgrade subscription", short: "Up" },
      { to: "/users", label: "Users", short: "Us" },
    ],
  },
  {
    name: "Engineering",
    items: [
      { to: "/customers", label: "Customers", short: "Cu", engineerOnly: true },
      { to: "/activity", label: "Engineer activity", short: "Ea", engineerOnly: true },
      { to: "/users-without-membership", label: "Users without membership", short: "Um", engineerOnly: true },
      { to: "/purgeview", label: "Purged accounts", short: "Pu", engineerOnly: true },
    ],
  },
  {
    name: "Account",
    items: [
      { to: "/profile", label: "Profile", short: "Pr" },
      { to: "/change-password", label: "Change password", short: "Cp" },
    ],
  },
];

export function visibleSections(isEngineer: boolean) {
  return NAV_SECTIONS.map((section) => ({
    name: section.name,
    items: section.items.filter((item) => isEngineer || !item.engineerOnly),
  })).filter((section) => section.items.length > 0);
}
