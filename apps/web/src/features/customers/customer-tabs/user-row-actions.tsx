/**
 * The user actions of one row of the overview's users table: a menu whose items open the account
 * actions' user dialogs (features/customers/account-actions) with that user already chosen.
 */
import type { TAccountUser } from "@portico/shared/schemas/accounts";
import type { TCustomerDetail } from "@portico/shared/schemas/customers";
import Ellipsis from "lucide-react/icons/ellipsis";
import { useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { MfaDialog, OwnerDialog, RemoveUserDialog, SetTeamDialog, UserStateDialog } from "../account-actions";
import { isVendorAccount } from "../account-actions/user-dialogs";

type RowDialog = "owner" | "state" | "mfa-on" | "mfa-off" | "team" | "remove";

export function UserRowActions({ account, user }: { account: TCustomerDetail; user: TAccountUser }) {
  const [dialog, setDialog] = useState<RowDialog | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const vendor = isVendorAccount(account);
  const manage = account.abilities.manageUsers;
  const opened = (name: RowDialog) => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
    fallbackFocus: trigger,
    account,
    user,
  });
  const owner = user.role === "owner";
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={trigger} variant="ghost" size="icon-sm" aria-label={`Actions for ${user.name}`}>
            <Ellipsis aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          // The chosen dialog takes focus; the menu must not pull it back to its button.
          onCloseAutoFocus={(event) => {
            if (dialog) event.preventDefault();
          }}
        >
          {!vendor && manage && (
            <DropdownMenuItem onSelect={() => setDialog("owner")}>
              {owner ? "Remove owner role" : "Make owner"}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem destructive={!user.is_disabled} onSelect={() => setDialog("state")}>
            {user.is_disabled ? "Enable user" : "Disable user"}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("mfa-on")}>Enable MFA</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("mfa-off")}>Disable MFA</DropdownMenuItem>
          {!vendor && <DropdownMenuItem onSelect={() => setDialog("team")}>Set team</DropdownMenuItem>}
          {manage && (
            <DropdownMenuItem destructive onSelect={() => setDialog("remove")}>
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
