import { useQuery } from "@tanstack/react-query";
import { ErrorAlert } from "../../components/ui/alert";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import { profileQuery } from "./api";
import { MfaToggle } from "./mfa-toggle";
import { ProfileForm } from "./profile-form";

export default function ProfileScreen() {
  useDocumentTitle("Profile");
  const profile = useQuery(profileQuery);
  return (
    <section className="space-y-8">
      <h1 className="text-2xl font-semibold text-slate-900">Profile</h1>
      <div>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Personal details</h2>
        {profile.isPending && <p className="text-slate-700">Loading your profile…</p>}
        {profile.isError && <ErrorAlert>{profile.error.error}</ErrorAlert>}
        {profile.data && <ProfileForm profile={profile.data} />}
      </div>
      <div>
        <h2 className="mb-4 text-lg font-semibold text-slate-900">Sign-in security</h2>
        <MfaToggle />
      </div>
    </section>
  );
}
