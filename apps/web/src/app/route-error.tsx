import TriangleAlert from "lucide-react/icons/triangle-alert";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button, buttonVariants } from "../components/ui/button";
import { reportError } from "../lib/error-reporting";
import { isChunkLoadError } from "./lazy";
import { NotFound } from "./not-found";

/** Error screen of a route: a screen that failed to load offers Retry (a fresh page load). */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!chunk && !notFound) reportError(error);
  }, [error, chunk, notFound]);

  if (notFound) return <NotFound />;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-danger-surface text-danger-surface-foreground">
        <TriangleAlert aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mb-2 text-xl font-semibold">
        {chunk ? "This screen could not be loaded" : "Something went wrong"}
      </h1>
      <p className="mb-6 text-muted-foreground">
        {chunk
          ? "Check your connection and try again."
          : "An unexpected error stopped this screen. Try again, or go back to the start."}
      </p>
      <div className="flex items-center justify-center gap-4">
        <Button onClick={() => window.location.reload()}>Retry</Button>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          Go to start
        </Link>
      </div>
    </div>
  );
}
