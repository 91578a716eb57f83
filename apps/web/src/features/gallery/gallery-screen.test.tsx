import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../test/helpers";
import GalleryScreen from "./gallery-screen";

describe("design kit gallery", () => {
  it("shows every section of the kit", async () => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: vi.fn(() => "blob:x"), revokeObjectURL: vi.fn() }),
    );
    renderScreen(<GalleryScreen />, { path: "/gallery" });
    expect(screen.getByRole("heading", { level: 1, name: "Design kit" })).toBeInTheDocument();
    const sections = within(screen.getByRole("main"))
      .getAllByRole("heading", { level: 2 })
      .map((h) => h.textContent);
    expect(sections).toEqual(
      expect.arrayContaining([
        "Buttons",
        "Fields",
        "Choices",
        "Dates and files",
        "Feedback",
        "Overlays and menus",
        "Display",
        "Tables",
      ]),
    );
    // A few components that carry logic render their states.
    expect(screen.getByRole("table", { name: "Customers" })).toBeInTheDocument();
    expect(screen.getByLabelText("Start date")).toHaveValue("01-06-2025");
    expect(screen.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute(
      "aria-valuenow",
      "64",
    );
    expect(screen.getByText("Waiting for response")).toBeInTheDocument();
  });
});
