import { Link } from "react-router";
import { useDocumentTitle } from "../../components/ui/use-document-title";
import { isTermsType, type LegalDocument, PRIVACY_POLICY, TERMS } from "./documents";
import { formatEffectiveDate, NO_VERSION_MESSAGE, selectVersion } from "./select-version";

const PROSE =
  "space-y-4 text-foreground [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-foreground [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1";

/** A legal document as in force on `effectiveDate` (today when absent), with links to every version. */
export function LegalDocumentView({
  document,
  effectiveDate,
}: {
  document: LegalDocument;
  effectiveDate?: string | undefined;
}) {
  useDocumentTitle(document.title);
  const choice = selectVersion(document.versions, effectiveDate);
  const current = selectVersion(document.versions, undefined);
  const currentDate = current.kind === "found" ? current.version.effectiveDate : null;

  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-2 text-2xl font-semibold text-foreground">{document.title}</h1>
      {choice.kind === "found" && (
        <p className="mb-6 text-sm text-muted-foreground">
          Effective from {formatEffectiveDate(choice.version.effectiveDate)}
          {choice.version.effectiveDate === currentDate ? " (current version)" : ""}
        </p>
      )}
      {choice.kind === "none" && <p className="my-6 text-foreground">{NO_VERSION_MESSAGE}</p>}
      {choice.kind === "invalid-date" && (
        <p className="my-6 text-foreground">
          The date in this address is not valid. Dates are written as yyyy-mm-dd.
        </p>
      )}
      {choice.kind === "found" && (
        <div className={PROSE}>
          <choice.version.Content />
        </div>
      )}
      <nav aria-label="Versions" className="mt-10 border-t border-border pt-4 text-sm text-muted-foreground">
        <p className="mb-2 font-medium">All versions</p>
        <ul className="flex flex-wrap gap-x-6 gap-y-1">
          {[...document.versions].reverse().map((version) => (
            <li key={version.effectiveDate}>
              <Link to={`${document.path}/${version.effectiveDate}`} className="text-link hover:underline">
                {formatEffectiveDate(version.effectiveDate)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

export function PrivacyPolicyView({ effectiveDate }: { effectiveDate?: string | undefined }) {
  return <LegalDocumentView document={PRIVACY_POLICY} effectiveDate={effectiveDate} />;
}

/** Terms of one plan type; an unknown type is not a page. */
export function TermsView({
  type,
  effectiveDate,
}: {
  type: string | undefined;
  effectiveDate?: string | undefined;
}) {
  if (!isTermsType(type)) return <LegalNotFound />;
  return <LegalDocumentView document={TERMS[type]} effectiveDate={effectiveDate} />;
}

function LegalNotFound() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-3 text-2xl font-semibold text-foreground">Page not found</h1>
      <p className="text-muted-foreground">
        There are no terms of that kind. See the{" "}
        <Link to={TERMS.standard.path} className="text-link hover:underline">
          Standard terms
        </Link>
        ,{" "}
        <Link to={TERMS.enterprise.path} className="text-link hover:underline">
          Enterprise terms
        </Link>{" "}
        or{" "}
        <Link to={TERMS.trial.path} className="text-link hover:underline">
          Trial terms
        </Link>
        .
      </p>
    </div>
  );
}
