/**
 * The account actions of spec §2.4 for the customer page: one "Actions" menu, each item opening
 * its dialog (which does the real call, gives feedback and reads the page again) or, for flows
 * another screen owns, selecting this organization in the organization switcher and going there.
 * Send notification opens the notifications' send dialog with this organization chosen.
 */
import type { TCustomerDetail } from "@portico/shared/schemas/customers";
import ChevronDown from "lucide-react/icons/chevron-down";
import type { ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { useSelectOrganization } from "../../../lib/organizations";
import { SendNoticeDialog } from "../../notices/send-notice-dialog";
import { PurgeAccountDialog } from "../../purge/purge-dialog";
import { useMenuDialogs } from "./dialog-parts";
import {
  DeleteOrganizationDialog,
  DisableOrganizationDialog,
  EditDetailsDialog,
  EditNameDialog,
  NotesLinkDialog,
} from "./organization-dialogs";
import {
  AdminDialog,
  InviteUserDialog,
  isVendorAccount,
  MfaDialog,
  OwnerDialog,
  RemoveUserDialog,
  SetTeamDialog,
  UserStateDialog,
} from "./user-dialogs";
import { EngineersDialog, LogTimeDialog, UseCasesDialog } from "./work-dialogs";

export { useMenuDialogs } from "./dialog-parts";
export type { UserDialogProps } from "./user-dialogs";
export {
  AdminDialog,
  InviteUserDialog,
  isVendorAccount,
  MfaDialog,
  OwnerDialog,
  RemoveUserDialog,
  SetTeamDialog,
  UserStateDialog,
} from "./user-dialogs";
export { LogTimeDialog } from "./work-dialogs";

type DialogName =
  | "name"
  | "details"
  | "notes"
  | "disable"
  | "enable"
  | "delete"
  | "invite"
  | "disable-user"
  | "enable-user"
  | "remove-user"
  | "owner"
  | "team"
  | "admin"
  | "mfa-on"
  | "mfa-off"
  | "time"
  | "engineers"
  | "use-cases"
  | "notify"
  | "purge";

/** Flows of other screens, done there with this organization selected. */
const ELSEWHERE = [
  { label: "Upload file", to: "/files" },
  { label: "Trial license", to: "/license" },
  { label: "Upgrade subscription", to: "/upgrade-subscription" },
  { label: "End subscription", to: "/end-subscription" },
  { label: "Re-activate subscription", to: "/subscription" },
] as const;

/**
 * An action that cannot be taken here, with the reason. Not `disabled`: the menu would skip it and a
 * screen reader would never hear why; it stays reachable, announced as dimmed, and does nothing.
 */
function UnavailableItem({ label, hint }: { label: string; hint: string }) {
  return (
    <DropdownMenuItem
      aria-disabled="true"
      onSelect={(event) => event.preventDefault()}
      className="flex-col items-start gap-0.5 text-muted-foreground"
    >
      <span>{label}</span>
      <span className="text-xs text-muted-foreground">{hint}</span>
    </DropdownMenuItem>
  );
}

export function AccountActions({ account }: { account: TCustomerDetail }) {
  const abilities = account.console;
  const navigate = useNavigate();
  const selectOrganization = useSelectOrganization();
  const [, setSearch] = useSearchParams();
  const { trigger, openDialog, opened, onMenuCloseAutoFocus } = useMenuDialogs<DialogName>();
  // A customer (every ability false) has no console actions.
  if (!Object.values(abilities).some((ability) => ability === true)) return null;

  const item = (name: DialogName, label: string, destructive = false): ReactNode => (
    <DropdownMenuItem destructive={destructive} onSelect={() => openDialog(name)}>
      {label}
    </DropdownMenuItem>
  );
  const openAsOrganization = (to: string) => {
    selectOrganization(account.account_id);
    navigate(to);
  };
  const showTab = (tab: string) => setSearch({ tab }, { replace: true });
  const vendor = isVendorAccount(account);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="secondary">
            Actions
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          className="max-h-(--radix-dropdown-menu-content-available-height) w-64 overflow-y-auto"
          onCloseAutoFocus={onMenuCloseAutoFocus}
          // A long menu scrolls on a short screen: the arrow keys scroll it item by item, and
          // being focusable itself tells assistive technology the region can be scrolled.
          tabIndex={0}
        >
          <DropdownMenuGroup>
            <DropdownMenuLabel>Organization</DropdownMenuLabel>
            {account.abilities.rename && item("name", "Edit org name")}
            {abilities.editDetails && item("details", "Edit org details")}
            {abilities.editDetails && item("notes", "Edit notes link")}
            {abilities.disable && !account.is_disabled && item("disable", "Disable org", true)}
            {abilities.enable && account.is_disabled && item("enable", "Enable org")}
            {abilities.delete
              ? item("delete", "Delete organization", true)
              : abilities.deleteReason && (
                  <UnavailableItem label="Delete organization" hint={abilities.deleteReason} />
                )}
            {item("purge", "Purge account", true)}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuLabel>Users</DropdownMenuLabel>
            {account.abilities.invite && item("invite", "Invite user")}
            {item("disable-user", "Disable user")}
            {item("enable-user", "Enable user")}
            {account.abilities.manageUsers && item("remove-user", "Remove user")}
            {!vendor && account.abilities.manageUsers && item("owner", "Make owner")}
            {!vendor && item("team", "Set team")}
            {vendor && abilities.setAdmin && item("admin", "Make admin")}
            {item("mfa-on", "Enable MFA")}
            {item("mfa-off", "Disable MFA")}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuLabel>Work</DropdownMenuLabel>
            {abilities.logTime && item("time", "Log time")}
            {item("engineers", "Account management info")}
            {item("use-cases", "Manage use cases")}
            <DropdownMenuItem onSelect={() => showTab("subscription")}>Subscription events</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => showTab("alerts")}>Alerts</DropdownMenuItem>
            {item("notify", "Send notification")}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuLabel>As this organization</DropdownMenuLabel>
            {ELSEWHERE.map((flow) => (
              <DropdownMenuItem key={flow.to} onSelect={() => openAsOrganization(flow.to)}>
                {flow.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuGroup>
        </DropdownMenuContent>
      </DropdownMenu>

      <EditNameDialog account={account} {...opened("name")} />
      <EditDetailsDialog account={account} {...opened("details")} />
      <NotesLinkDialog account={account} {...opened("notes")} />
      <DisableOrganizationDialog account={account} disable {...opened("disable")} />
      <DisableOrganizationDialog account={account} disable={false} {...opened("enable")} />
      <DeleteOrganizationDialog account={account} {...opened("delete")} />
      <InviteUserDialog account={account} {...opened("invite")} />
      <UserStateDialog account={account} disable {...opened("disable-user")} />
      <UserStateDialog account={account} disable={false} {...opened("enable-user")} />
      <RemoveUserDialog account={account} {...opened("remove-user")} />
      <OwnerDialog account={account} {...opened("owner")} />
      <SetTeamDialog account={account} {...opened("team")} />
      <AdminDialog account={account} {...opened("admin")} />
      <MfaDialog account={account} enable {...opened("mfa-on")} />
      <MfaDialog account={account} enable={false} {...opened("mfa-off")} />
      <LogTimeDialog account={account} {...opened("time")} />
      <EngineersDialog account={account} {...opened("engineers")} />
      <UseCasesDialog account={account} {...opened("use-cases")} />
      <SendNoticeDialog account={account} {...opened("notify")} />
      <PurgeAccountDialog account={account} {...opened("purge")} />
    </>
  );
}
