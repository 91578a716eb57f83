/**
 * The user-level account actions (spec §2.4): invite user, disable / enable user, remove user,
 * make owner, set team, make admin (the vendor's own organization, admins), MFA and disable MFA.
 * Each acts on a user chosen in the dialog among the account's users, or on `user` when a users
 * table's row opened it. Exported for the customer page's users table and the /users screen.
 */
import { type TAccountUser, VENDOR_ACCOUNT_ID } from "@portico/shared/schemas/accounts";
import { email as emailSchema } from "@portico/shared/validation";
import { type FormEvent, type ReactNode, useState } from "react";
import { ErrorAlert } from "../../../components/ui/alert";
import { RadioGroup } from "../../../components/ui/radio-group";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { actionsApi, useAccountAction } from "./actions-api";
import {
  type ActionAccount,
  ActionDialog,
  type ActionDialogProps,
  CHOOSE_USER,
  FormFooter,
  UserChoice,
} from "./dialog-parts";
import {
  CHOOSE_ORGANIZATION,
  type ChosenOrganization,
  type MemberRole,
  MemberRoleField,
  OrganizationField,
} from "./member-fields";

export interface UserDialogProps extends ActionDialogProps {
  account: ActionAccount;
  /** The user acted on, when a users table's row opened the dialog; otherwise it is chosen. */
  user?: TAccountUser | undefined;
}

// ------------------------------------------------------------------------------------ invite user

/** Invite user (POST signup/init {users, account_id}): the address is e-mailed a link to join. */
export function InviteUserDialog({
  account,
  onInvited,
  ...dialog
}: ActionDialogProps & { account: ActionAccount; onInvited?: (email: string) => void }) {
  return (
    <ActionDialog
      {...dialog}
      title="Invite user"
      description={`An e-mail with a link to join ${account.company}.`}
    >
      <InviteForm
        account={account}
        onDone={(invited) => {
          if (invited) onInvited?.(invited);
          dialog.onOpenChange(false);
        }}
      />
    </ActionDialog>
  );
}

function InviteForm({ account, onDone }: { account: ActionAccount; onDone: (invited?: string) => void }) {
  const [address, setAddress] = useState("");
  const [role, setRole] = useState<MemberRole>("user");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const invite = useAccountAction((input: { email: string; role: MemberRole }) =>
    actionsApi.invite(account.account_id, input.email, input.role),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(address);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    invite.mutate(
      { email: parsed.data, role },
      {
        onSuccess: () => {
          toast.success(`Invitation sent to ${parsed.data}.`);
          onDone(parsed.data);
        },
      },
    );
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setFieldError(undefined);
        }}
        error={fieldError ?? (invite.error?.status === 400 ? invite.error.error : undefined)}
      />
      <MemberRoleField value={role} onChange={setRole} />
      <ErrorAlert>
        {invite.isError && invite.error.status !== 400 ? errorMessage(invite.error) : null}
      </ErrorAlert>
      <FormFooter onCancel={() => onDone()} submitLabel="Send invitation" busy={invite.isPending} />
    </form>
  );
}

// ------------------------------------------------------------ one user, one call: the common form

interface UserActionFormProps {
  account: ActionAccount;
  user: TAccountUser | undefined;
  onDone: () => void;
  submitLabel: string;
  danger?: boolean;
  eligible?: (user: TAccountUser) => boolean;
  emptyText: string;
  run: (user: TAccountUser) => Promise<unknown>;
  /** The toast after it worked. */
  done: (user: TAccountUser) => string;
  /** More fields (set team's organization, say); `ready` false keeps the submit from running. */
  children?: ReactNode;
  ready?: boolean;
  /** A problem with those fields to show instead of running. */
  onNotReady?: () => void;
}

function UserActionForm({
  account,
  user,
  onDone,
  submitLabel,
  danger = false,
  eligible,
  emptyText,
  run,
  done,
  children,
  ready = true,
  onNotReady,
}: UserActionFormProps) {
  const [chosen, setChosen] = useState<TAccountUser | null>(user ?? null);
  const [pickError, setPickError] = useState<string | undefined>();
  const action = useAccountAction(run);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setPickError(CHOOSE_USER);
    if (!ready) return onNotReady?.();
    action.mutate(chosen, {
      onSuccess: () => {
        toast.success(done(chosen));
        onDone();
      },
    });
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <UserChoice
        accountId={account.account_id}
        fixedUser={user}
        value={chosen}
        onChange={(next) => {
          setChosen(next);
          setPickError(undefined);
          action.reset();
        }}
        {...(eligible ? { eligible } : {})}
        error={pickError}
        emptyText={emptyText}
      />
      {children}
      <ErrorAlert>{action.isError ? errorMessage(action.error) : null}</ErrorAlert>
      <FormFooter onCancel={onDone} submitLabel={submitLabel} busy={action.isPending} danger={danger} />
    </form>
  );
}

// --------------------------------------------------------------------------- disable / enable user

export function UserStateDialog({
  account,
  user,
  disable,
  ...dialog
}: UserDialogProps & { disable: boolean }) {
  return (
    <ActionDialog
      {...dialog}
      title={disable ? "Disable user" : "Enable user"}
      description={
        disable
          ? "The user is signed out everywhere and cannot sign in until enabled again, in every organization."
          : "The user can sign in again."
      }
    >
      <UserActionForm
        account={account}
        user={user}
        onDone={() => dialog.onOpenChange(false)}
        submitLabel={disable ? "Disable user" : "Enable user"}
        danger={disable}
        eligible={(u) => u.is_disabled !== disable}
        emptyText={
          disable
            ? "Every user of this organization is disabled."
            : "No user of this organization is disabled."
        }
        run={(u) => actionsApi.setUserDisabled(u.user_id, disable)}
        done={(u) => (disable ? `${u.name} is disabled and signed out.` : `${u.name} is enabled again.`)}
      />
    </ActionDialog>
  );
}

// ------------------------------------------------------------------------------------- remove user

export function RemoveUserDialog({ account, user, ...dialog }: UserDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Remove user"
      description={`The user leaves ${account.company}; their account and other organizations stay.`}
    >
      <UserActionForm
        account={account}
        user={user}
        onDone={() => dialog.onOpenChange(false)}
        submitLabel="Remove user"
        danger
        emptyText="This organization has no users. Invite one with Invite user."
        run={(u) => actionsApi.removeUsers(account.account_id, [u.user_id])}
        done={(u) => `${u.name} was removed from ${account.company}.`}
      />
    </ActionDialog>
  );
}

// ------------------------------------------------------------------------------------- make owner

/** Make owner (or, with owner false, back to user): set-account-owner. */
export function OwnerDialog({
  account,
  user,
  owner = true,
  ...dialog
}: UserDialogProps & { owner?: boolean }) {
  return (
    <ActionDialog
      {...dialog}
      title={owner ? "Make owner" : "Remove owner role"}
      description={
        owner
          ? `Owners manage ${account.company}: its users, invitations and subscription.`
          : `The user stays a member of ${account.company} without managing it.`
      }
    >
      <UserActionForm
        account={account}
        user={user}
        onDone={() => dialog.onOpenChange(false)}
        submitLabel={owner ? "Make owner" : "Remove owner role"}
        eligible={(u) => (u.role === "owner") !== owner}
        emptyText={owner ? "Every user of this organization is an owner." : "This organization has no owner."}
        run={(u) => actionsApi.setOwner(account.account_id, u.user_id, owner)}
        done={(u) =>
          owner ? `${u.name} is now an owner of ${account.company}.` : `${u.name} is no longer an owner.`
        }
      />
    </ActionDialog>
  );
}

// --------------------------------------------------------------------------------------- set team

type TeamMode = "move" | "add";

export function SetTeamDialog({ account, user, ...dialog }: UserDialogProps) {
  return (
    <ActionDialog
      {...dialog}
      title="Set team"
      description={`Move a user of ${account.company} to another organization, or add them to it as well.`}
    >
      <SetTeamForm account={account} user={user} onDone={() => dialog.onOpenChange(false)} />
    </ActionDialog>
  );
}

function SetTeamForm({
  account,
  user,
  onDone,
}: {
  account: ActionAccount;
  user: TAccountUser | undefined;
  onDone: () => void;
}) {
  const [target, setTarget] = useState<ChosenOrganization | null>(null);
  const [targetError, setTargetError] = useState<string | undefined>();
  const [mode, setMode] = useState<TeamMode>("move");
  const [role, setRole] = useState<MemberRole>("user");
  return (
    <UserActionForm
      account={account}
      user={user}
      onDone={onDone}
      submitLabel="Set team"
      emptyText="This organization has no users to move. Invite one with Invite user."
      ready={target !== null}
      onNotReady={() => setTargetError(CHOOSE_ORGANIZATION)}
      run={(u) =>
        actionsApi.setTeam({
          user_id: u.user_id,
          account_id: target?.id ?? 0,
          role,
          ...(mode === "move" ? { from_account_id: account.account_id } : {}),
        })
      }
      done={(u) =>
        mode === "move"
          ? `${u.name} moved from ${account.company} to ${target?.company}.`
          : `${u.name} was added to ${target?.company}.`
      }
    >
      <OrganizationField
        value={target}
        onChange={(organization) => {
          setTarget(organization);
          setTargetError(undefined);
        }}
        offers={(org) => org.account_id !== account.account_id && org.account_id !== VENDOR_ACCOUNT_ID}
        error={targetError}
      />
      <RadioGroup
        label="Membership"
        value={mode}
        onValueChange={(value) => setMode(value as TeamMode)}
        options={[
          { value: "move", label: `Move: leave ${account.company}` },
          { value: "add", label: `Add: stay in ${account.company} as well` },
        ]}
      />
      <MemberRoleField label="Role there" value={role} onChange={setRole} />
    </UserActionForm>
  );
}

// -------------------------------------------------------------------------------------- make admin

/** Make admin (set-admin): engineers of the vendor's own organization only, by an admin. */
export function AdminDialog({ account, user, ...dialog }: UserDialogProps) {
  const [admin, setAdmin] = useState(true);
  return (
    <ActionDialog
      {...dialog}
      title="Make admin"
      description="Admins run Portico: they make other engineers admin and delete anyone's time log."
    >
      <UserActionForm
        account={account}
        user={user}
        onDone={() => dialog.onOpenChange(false)}
        submitLabel={admin ? "Make admin" : "Remove admin role"}
        danger={!admin}
        emptyText="The vendor's organization has no engineers."
        run={(u) => actionsApi.setAdmin(u.user_id, admin)}
        done={(u) => (admin ? `${u.name} is now an admin.` : `${u.name} is no longer an admin.`)}
      >
        <RadioGroup
          label="Change"
          value={admin ? "grant" : "revoke"}
          onValueChange={(value) => setAdmin(value === "grant")}
          options={[
            { value: "grant", label: "Make admin" },
            { value: "revoke", label: "Remove the admin role" },
          ]}
        />
      </UserActionForm>
    </ActionDialog>
  );
}

// --------------------------------------------------------------------------------- MFA / disable MFA

/** MFA and disable MFA: the user's e-mailed sign-in code, turned on or off; they are told by e-mail. */
export function MfaDialog({ account, user, enable, ...dialog }: UserDialogProps & { enable: boolean }) {
  return (
    <ActionDialog
      {...dialog}
      title={enable ? "Enable MFA" : "Disable MFA"}
      description={
        enable
          ? "The user then signs in with a code e-mailed to them as well as their password. They are told by e-mail."
          : "The user then signs in with their password only. They are told by e-mail."
      }
    >
      <UserActionForm
        account={account}
        user={user}
        onDone={() => dialog.onOpenChange(false)}
        submitLabel={enable ? "Enable MFA" : "Disable MFA"}
        danger={!enable}
        emptyText="This organization has no users."
        run={(u) => actionsApi.setMfa(u.user_id, enable)}
        done={(u) =>
          enable
            ? `MFA is on for ${u.name}; they were e-mailed.`
            : `MFA is off for ${u.name}; they were e-mailed.`
        }
      />
    </ActionDialog>
  );
}

/** Whether the account is the vendor's own (make admin is offered there only). */
export const isVendorAccount = (account: ActionAccount) => account.account_id === VENDOR_ACCOUNT_ID;
