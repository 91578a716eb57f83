import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorAlert, Notice } from "../../components/ui/alert";
import { linkClass, PublicPage } from "../../components/ui/public-page";
import { FormSkeleton } from "../../components/ui/skeleton";
import { authApi } from "./api";
import { SignupDetailsForm } from "./signup-details-form";

/** Checks the e-mailed link (GET signup/verify), then asks for the details. */
export function SignupDetailsStep({ email, token }: { email: string; token: string }) {
  const verify = useQuery({
    queryKey: ["signup-verify", email, token],
    queryFn: () => authApi.signupVerify(email, token),
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (verify.isPending) {
    return (
      <PublicPage title="Create your Portico account">
        <FormSkeleton fields={4} label="Checking your link" />
      </PublicPage>
    );
  }

  if (verify.isError) {
    return (
      <PublicPage title="Create your Portico account">
        <ErrorAlert className="mb-4">{verify.error.error}</ErrorAlert>
        <Link to="/signup" className={linkClass}>
          Start again
        </Link>
      </PublicPage>
    );
  }

  const link = verify.data;
  if (link.existing_user) {
    const joinPath = `/join-organization?token=${encodeURIComponent(token)}`;
    return (
      <PublicPage title="You already have an account">
        <p className="mb-4 text-muted-foreground">
          {link.kind === "invite" && link.company
            ? `${link.email} already has a Portico account. Sign in to join ${link.company}.`
            : `${link.email} already has a Portico account.`}
        </p>
        <Link
          to={link.kind === "invite" ? `/?redirectTo=${encodeURIComponent(joinPath)}` : "/"}
          className={linkClass}
        >
          {link.kind === "invite" ? "Sign in and join" : "Sign in"}
        </Link>
      </PublicPage>
    );
  }

  return (
    <PublicPage title="Create your Portico account">
      {link.kind === "invite" && link.company && (
        <Notice className="mb-4">You are joining {link.company}</Notice>
      )}
      <SignupDetailsForm email={link.email} token={token} isInvite={link.kind === "invite"} />
    </PublicPage>
  );
}
