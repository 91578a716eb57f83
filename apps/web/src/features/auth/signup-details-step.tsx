import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { ErrorAlert } from "../../components/ui/alert";
import { linkClass, PublicPage } from "../../components/ui/public-page";
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
        <p className="text-slate-700">Checking your link…</p>
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
        <p className="mb-4 text-slate-700">
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
        <p className="mb-4 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
          You are joining {link.company}
        </p>
      )}
      <SignupDetailsForm email={link.email} token={token} isInvite={link.kind === "invite"} />
    </PublicPage>
  );
}
