import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { PublicPage } from "../../components/ui/public-page";
import { signOut } from "../../lib/sign-out";

function Choice({ to, title, description }: { to: string; title: string; description: string }) {
  // The whole card is clickable; the link's name stays just the title.
  return (
    <div className="relative rounded-lg border border-slate-200 p-4 hover:border-brand-600 hover:bg-brand-50">
      <Link
        to={to}
        className="font-medium text-slate-900 after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {title}
      </Link>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
    </div>
  );
}

/** For signed-in users without an organization: create one, or join one they were invited to. */
export default function CreateAccountScreen() {
  return (
    <PublicPage
      title="Set up your organization"
      footer={
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      }
    >
      <p className="mb-4 text-slate-700">
        Portico works per organization. Create yours, or join the one that invited you.
      </p>
      <div className="space-y-3">
        <Choice
          to="/add-organization"
          title="Create a new organization"
          description="You become its owner and can invite your colleagues."
        />
        <Choice
          to="/join-organization"
          title="Join an organization"
          description="Use the link from your invitation e-mail."
        />
      </div>
    </PublicPage>
  );
}
