import { createBrowserRouter } from "react-router";
import { setNavigate } from "../lib/navigation";
import { routes } from "./routes";

export const router = createBrowserRouter(routes);

// The API client sends users to /maintenance or sign-in through the router (no page reload).
setNavigate((to, options) => {
  void router.navigate(to, options);
});
