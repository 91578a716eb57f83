import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ChunkTimeoutError } from "./lazy";
import { RouteError } from "./route-error";

function renderFailing(error: unknown) {
  const router = createMemoryRouter([
    {
      path: "/",
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      lazy: async () => {
        throw error;
      },
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe("route error screen", () => {
  it("a screen whose code did not arrive in time offers Retry", async () => {
    renderFailing(new ChunkTimeoutError("The screen did not load within 120 seconds"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "This screen could not be loaded" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("a chunk the browser failed to fetch offers Retry too", async () => {
    renderFailing(new TypeError("Failed to fetch dynamically imported module: /assets/files-abc.js"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "This screen could not be loaded" }),
    ).toBeInTheDocument();
  });

  it("any other failure is reported as such", async () => {
    renderFailing(new Error("boom"));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Something went wrong" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
