import Compass from "lucide-react/icons/compass";
import { Link } from "react-router";
import { buttonVariants } from "../components/ui/button";
import { useDocumentTitle } from "../components/ui/use-document-title";

export function NotFound() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Compass aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mb-2 text-xl font-semibold">Page not found</h1>
      <p className="mb-6 text-muted-foreground">There is no page at this address.</p>
      <Link to="/" className={buttonVariants({ variant: "secondary" })}>
        Go to start
      </Link>
    </div>
  );
}
