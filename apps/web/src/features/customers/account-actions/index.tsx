import type { TCustomerDetail } from "@portico/shared/schemas/customers";

/**
 * The account actions of spec §2.4 for the customer page: a menu of actions, each opening its
 * dialog. The page places it in its header and passes the account it shows.
 */
export function AccountActions(_props: { account: TCustomerDetail }) {
  return null;
}
