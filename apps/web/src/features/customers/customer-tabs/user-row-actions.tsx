/**
 * The user actions of one row of the overview's users table: a menu whose items open the account
 * actions' user dialogs (features/customers/account-actions) with that user already chosen.
 */
import type { TAccountUser } from "@portico/shared/schemas/accounts";
import type { TCustomerDetail } from "@portico/shared/schemas/customers";
import Ellipsis from "lucide-react/icons/ellipsis";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import {
  isVendorAccount,
  MfaDialog,
  OwnerDialog,
  RemoveUserDialog,
  SetTeamDialog,
  UserStateDialog,
  useMenuDialogs,
} from "../account-actions";

type RowDialog = "owner" | "state" | "mfa-on" | "mfa-off" | "team" | "remove";

export function UserRowActions({ account, user }: { account: TCustomerDetail; user: TAccountUser }) {
  const menu = useMenuDialogs<RowDialog>();
  const vendor = isVendorAccount(account);
  const manage = account.abilities.manageUsers;
  const opened = (name: RowDialog) => ({ ...menu.opened(name), account, user });

  const owner = user.role === "owner";
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={menu.trigger} variant="ghost" size="icon-sm" aria-label={`Actions for ${user.name}`}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" onCloseAutoFocus={menu.onMenuCloseAutoFocus}>
          {!vendor && manage && (
            <DropdownMenuItem onSelect={() => menu.openDialog("owner")}>
              {owner ? "Remove owner role" : "Make owner"}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem destructive={!user.is_disabled} onSelect={() => menu.openDialog("state")}>
            {user.is_disabled ? "Enable user" : "Disable user"}
          </DropdownMenuItem>
          {user.mfa_enabled ? (
            <DropdownMenuItem onSelect={() => menu.openDialog("mfa-off")}>Disable MFA</DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => menu.openDialog("mfa-on")}>Enable MFA</DropdownMenuItem>
          )}
          {!vendor && <DropdownMenuItem onSelect={() => menu.openDialog("team")}>Set team</DropdownMenuItem>}
          {manage && (
            <DropdownMenuItem destructive onSelect={() => menu.openDialog("remove")}>
              Remove user
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <OwnerDialog owner={!owner} {...opened("owner")} />
      <UserStateDialog disable={!user.is_disabled} {...opened("state")} />
      <MfaDialog enable {...opened("mfa-on")} />
      <MfaDialog enable={false} {...opened("mfa-off")} />
      <SetTeamDialog {...opened("team")} />
      <RemoveUserDialog {...opened("remove")} />
    </>
  );
}
