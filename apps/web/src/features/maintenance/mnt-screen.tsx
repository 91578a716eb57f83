import { Button } from "../../components/ui/button";
import { PublicPage } from "../../components/ui/public-page";
import { FormSkeleton } from "../../components/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { useSession } from "../../lib/session";
import { signOut } from "../../lib/sign-out";
import { MaintenanceControls } from "./maintenance-controls";
import { MaintenanceLoginForm } from "./maintenance-login-form";

/** Engineer maintenance pages (/mnt): reachable during maintenance; sign in, then switch it on or off. */
export default function MntScreen() {
  const session = useSession();
  const user = useCurrentUser();

  if (!session) {
    return (
      <PublicPage title="Maintenance mode">
        <p className="mb-4 text-sm text-muted-foreground">
          Engineers sign in here to manage maintenance, also while it is on.
        </p>
        <MaintenanceLoginForm />
      </PublicPage>
    );
  }

  const signOutButton = (
    <Button variant="ghost" onClick={() => void signOut()}>
      Sign out
    </Button>
  );

  if (user.isPending) {
    return (
      <PublicPage title="Maintenance mode">
        <FormSkeleton fields={2} label="Loading" />
      </PublicPage>
    );
  }

  if (!user.data?.isEngineer) {
    return (
      <PublicPage title="Maintenance mode" footer={signOutButton}>
        <p className="text-muted-foreground">
          {user.isError ? user.error.error : "Only Portico engineers can manage maintenance."}
        </p>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Maintenance mode" footer={signOutButton} wide>
      <MaintenanceControls />
    </PublicPage>
  );
}
