import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "../components/ui/button";
import { linkClass } from "../components/ui/public-page";
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
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="mb-3 text-xl font-semibold">
        {chunk ? "This screen could not be loaded" : "Something went wrong"}
      </h1>
      <p className="mb-6 text-slate-700">
        {chunk
          ? "Check your connection and try again."
          : "An unexpected error stopped this screen. Try again, or go back to the start."}
      </p>
      <div className="flex items-center justify-center gap-4">
        <Button onClick={() => window.location.reload()}>Retry</Button>
        <Link to="/" className={linkClass}>
          Go to start
        </Link>
      </div>
    </div>
  );
}
