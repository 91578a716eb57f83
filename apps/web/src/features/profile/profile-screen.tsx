import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page-header";
import { FormSkeleton } from "../../components/ui/skeleton";
import { useCurrentUser } from "../../lib/current-user";
import { AlertSettingsCard } from "./alert-settings-card";
import { profileQuery } from "./api";
import { ExpertiseField } from "./expertise-field";
import { MfaToggle } from "./mfa-toggle";
import { NotificationsCard } from "./notifications-card";
import { PhoneCard } from "./phone-card";
import { ProfileForm } from "./profile-form";

export default function ProfileScreen() {
  const profile = useQuery(profileQuery);
  const { data: user } = useCurrentUser();
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Profile"
        description="How you appear to your colleagues and to Portico's engineers."
      />
      <div className="space-y-6">
        <Card>
          <CardHeader>
            <CardTitle>Personal details</CardTitle>
            <CardDescription>Your name, contact details and picture.</CardDescription>
          </CardHeader>
          <CardContent>
            {profile.isPending && <FormSkeleton fields={4} label="Loading your profile" />}
            {profile.isError && <QueryError query={profile} />}
            {profile.data && (
              // The Phone card may change the number: the form starts again from the saved one,
              // so saving the details cannot put the old number back (and undo the verification).
              <ProfileForm key={profile.data.phone ?? ""} profile={profile.data} />
            )}
          </CardContent>
        </Card>
        {user?.isEngineer && (
          <Card>
            <CardHeader>
              <CardTitle>Issue expertise</CardTitle>
              <CardDescription>The kind of issue you know best.</CardDescription>
            </CardHeader>
            <CardContent>
              {profile.isPending && <FormSkeleton fields={1} label="Loading your expertise" />}
              {profile.data && <ExpertiseField userId={user.userId} profile={profile.data} />}
            </CardContent>
          </Card>
        )}
        <PhoneCard isEngineer={user?.isEngineer ?? false} />
        <Card>
          <CardHeader>
            <CardTitle>Sign-in security</CardTitle>
            <CardDescription>A second step at sign-in keeps your organization's data safe.</CardDescription>
          </CardHeader>
          <CardContent>
            <MfaToggle />
          </CardContent>
        </Card>
        <AlertSettingsCard />
        <NotificationsCard />
        <Card>
          <CardHeader>
            <CardTitle>API tokens</CardTitle>
            <CardDescription>
              Credentials for scripts and clusters: register clusters, upload health reports, read files.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/api-tokens" className={buttonVariants({ variant: "secondary" })}>
              Manage API tokens
              <ArrowRight aria-hidden="true" />
            </Link>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
