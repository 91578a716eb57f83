import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { createQueryClient } from "../lib/query-client";
import { getSession, subscribeSession } from "../lib/session";
import { router } from "./router";

export function App() {
  const [queryClient] = useState(createQueryClient);

  // Signing in or out (here or in another tab) starts from an empty cache: no data of another
  // session survives the change.
  useEffect(() => {
    let signedIn = getSession() !== null;
    return subscribeSession(() => {
      const now = getSession() !== null;
      if (now !== signedIn) queryClient.clear();
      signedIn = now;
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
