import { Link } from "react-router";
import { linkClass } from "../components/ui/public-page";
import { useDocumentTitle } from "../components/ui/use-document-title";

export function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="mb-3 text-xl font-semibold">Page not found</h1>
      <p className="mb-6 text-slate-700">There is no page at this address.</p>
      <Link to="/" className={linkClass}>
        Go to start
      </Link>
    </div>
  );
}
