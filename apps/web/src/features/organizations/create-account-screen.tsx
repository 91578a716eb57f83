import type { LucideIcon } from "lucide-react";
import Building2 from "lucide-react/icons/building-2";
import ChevronRight from "lucide-react/icons/chevron-right";
import UserPlus from "lucide-react/icons/user-plus";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { PublicPage } from "../../components/ui/public-page";
import { signOut } from "../../lib/sign-out";

function Choice({
  to,
  title,
  description,
  icon: Icon,
}: {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}) {
  // The whole card is clickable; the link's name stays just the title.
  return (
    <div className="relative flex items-center gap-4 rounded-lg border p-4 transition-colors hover:border-primary hover:bg-accent has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <Link to={to} className="font-medium text-foreground outline-none after:absolute after:inset-0">
          {title}
        </Link>
        <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
      </div>
      <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
    </div>
  );
}

/** For signed-in users without an organization: create one, or join one they were invited to. */
export default function CreateAccountScreen() {
  return (
    <PublicPage
      title="Set up your organization"
      description="Portico works per organization. Create yours, or join the one that invited you."
      wide
      footer={
        <Button variant="ghost" onClick={() => void signOut()}>
          Sign out
        </Button>
      }
    >
      <div className="space-y-3">
        <Choice
          to="/add-organization"
          title="Create a new organization"
          description="You become its owner and can invite your colleagues."
          icon={Building2}
        />
        <Choice
          to="/join-organization"
          title="Join an organization"
          description="Use the link from your invitation e-mail."
          icon={UserPlus}
        />
      </div>
    </PublicPage>
  );
}
