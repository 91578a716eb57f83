/** Test helpers: render a screen inside a memory router and a fresh query client, and fake the API. */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import Toaster from "../components/ui/toast";

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch. `routes` maps "METHOD /path" to a handler or a JSON body; anything else answers
 * 404 so an unexpected call is visible. Returns the mock to inspect the calls.
 */
export function mockApi(routes: Record<string, Handler | object> = {}) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init.method ?? "GET"} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) return jsonResponse({ error: `No mock for ${key}`, status: 404 }, 404);
    return typeof route === "function" ? (route as Handler)(url, init) : jsonResponse(route);
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}

/** The "METHOD /path" of every call made to the mock. */
export function calls(mock: ReturnType<typeof mockApi>): string[] {
  return mock.mock.calls.map(
    ([input, init]) => `${init?.method ?? "GET"} ${new URL(String(input), "http://localhost").pathname}`,
  );
}

export function bodyOf(mock: ReturnType<typeof mockApi>, index = 0): unknown {
  const init = mock.mock.calls[index]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** The headers a call was sent with. */
export function headersOf(init: RequestInit | undefined): Record<string, string> {
  return (init?.headers ?? {}) as Record<string, string>;
}

export interface RenderOptions {
  /** Path pattern of the screen's route (default "/"). */
  path?: string;
  url?: string;
  /** More routes, e.g. where the screen navigates to. */
  routes?: RouteObject[];
  /** Child routes of the screen (for layouts with an Outlet). */
  children?: RouteObject[];
}

export function renderScreen(
  element: ReactElement,
  { path = "/", url = path, routes = [], children }: RenderOptions = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element, ...(children ? { children } : {}) },
      ...routes,
      { path: "*", element: <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, user };
}

/** The router's current path plus query. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }): string {
  return router.state.location.pathname + router.state.location.search;
}

/**
 * Picks `option` in the combobox labelled `label` (the kit's Combobox): opens it, types to
 * search, and clicks the option, as a user would.
 */
export async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  option: string,
  search = option,
): Promise<void> {
  await user.click(await screen.findByRole("combobox", { name: label }));
  // Pasted, not typed: filtering hundreds of options once per key is slow in jsdom.
  await user.click(await screen.findByRole("combobox", { name: /^Search/ }));
  await user.paste(search);
  await user.click(await screen.findByRole("option", { name: option }));
}

/** The signed-in customer of screen tests: a plain member of organization 3 ("Acme"). */
export const testCustomer = {
  userId: 2,
  name: "Ada Lovelace",
  email: "ada@example.com",
  accountId: 3,
  companyName: "Acme",
  isEngineer: false,
  roles: [],
  accountType: null,
  mfaEnabled: false,
  hasPicture: false,
  tourPending: false,
};
