/**
 * Legal pages render for everyone: inside the app shell when signed in (spec §2.2), on a plain
 * public page otherwise (spec §2.1). Composed here so neither feature imports the other.
 */
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { BrandMark } from "../components/ui/brand";
import { buttonVariants } from "../components/ui/button";
import { PrivacyPolicyView, TermsView } from "../features/legal/legal-document-view";
import { AppFrame } from "../features/shell/app-shell";
import { useSession } from "../lib/session";

function LegalLayout({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <AppFrame requireOrganization={false}>{children}</AppFrame>;
  return (
    <div className="min-h-dvh">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
          <Link to="/" className="rounded-md" aria-label="Portico home">
            <BrandMark />
          </Link>
          <Link to="/" className={buttonVariants({ variant: "secondary", size: "sm" })}>
            Sign in
          </Link>
        </div>
      </header>
      <main className="px-4 py-8 sm:py-12">{children}</main>
    </div>
  );
}

export function PrivacyPolicyRoute() {
  const { effectiveDate } = useParams();
  return (
    <LegalLayout>
      <PrivacyPolicyView effectiveDate={effectiveDate} />
    </LegalLayout>
  );
}

export function TermsRoute() {
  const { type, effectiveDate } = useParams();
  return (
    <LegalLayout>
      <TermsView type={type} effectiveDate={effectiveDate} />
    </LegalLayout>
  );
}
