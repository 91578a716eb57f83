import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DatePicker } from "./date-picker";

function Harness({
  initial = null,
  onChange,
}: {
  initial?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DatePicker
        label="Start date"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output aria-label="Value">{value ?? "none"}</output>
    </>
  );
}

function setup(initial?: string | null) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness initial={initial ?? null} onChange={onChange} />);
  return {
    user,
    onChange,
    input: screen.getByLabelText("Start date"),
    value: screen.getByLabelText("Value"),
  };
}

describe("date picker (spec §5: dd-MM-yyyy)", () => {
  it("shows a given ISO date as dd-MM-yyyy", () => {
    const { input } = setup("2025-12-31");
    expect(input).toHaveValue("31-12-2025");
  });

  it("reads a typed date when the field is left and gives the form ISO", async () => {
    const { user, input, value } = setup();
    await user.type(input, "31-12-2025");
    await user.tab();
    expect(value).toHaveTextContent("2025-12-31");
    expect(input).toHaveValue("31-12-2025");
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("accepts one-digit day and month with / or . and rewrites them, also on Enter", async () => {
    const { user, input, value } = setup();
    await user.type(input, "1/2/2025{Enter}");
    expect(value).toHaveTextContent("2025-02-01");
    expect(input).toHaveValue("01-02-2025");
  });

  it.each(["31-02-2025", "2025-12-31", "tomorrow", "12-13-2025"])(
    "%j is not a date: 'Date input not valid.' beside the field, and no date for the form",
    async (typed) => {
      const { user, input, value } = setup("2025-01-15");
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(screen.getByText("Date input not valid.")).toBeInTheDocument();
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(expect.stringContaining("Date input not valid."));
      expect(value).toHaveTextContent("none");
      // The text stays, so the user can correct it.
      expect(input).toHaveValue(typed);
    },
  );

  it("clears the message once a real date is typed", async () => {
    const { user, input } = setup();
    await user.type(input, "32-01-2025");
    await user.tab();
    expect(screen.getByText("Date input not valid.")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "30-01-2025");
    await user.tab();
    expect(screen.queryByText("Date input not valid.")).not.toBeInTheDocument();
  });

  it("an emptied field gives no date and no error", async () => {
    const { user, input, value } = setup("2025-01-15");
    await user.clear(input);
    await user.tab();
    expect(value).toHaveTextContent("none");
    expect(screen.queryByText("Date input not valid.")).not.toBeInTheDocument();
  });

  it("picks a day from the calendar, which closes with the choice shown as dd-MM-yyyy", async () => {
    const { user, input, value } = setup("2025-03-10");
    await user.click(screen.getByRole("button", { name: "Choose start date" }));
    const day = await screen.findByRole("button", { name: /March 20th, 2025/ });
    await user.click(day);
    expect(value).toHaveTextContent("2025-03-20");
    expect(input).toHaveValue("20-03-2025");
    await waitFor(() => expect(screen.queryByRole("grid")).not.toBeInTheDocument());
  });

  it("clicking the day already chosen keeps it and closes the calendar", async () => {
    const { user, input, value, onChange } = setup("2025-03-10");
    await user.click(screen.getByRole("button", { name: "Choose start date" }));
    await user.click(await screen.findByRole("button", { name: /March 10th, 2025/ }));
    await waitFor(() => expect(screen.queryByRole("grid")).not.toBeInTheDocument());
    expect(value).toHaveTextContent("2025-03-10");
    expect(input).toHaveValue("10-03-2025");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("Escape closes the calendar without changing the date", async () => {
    const { user, value } = setup("2025-03-10");
    await user.click(screen.getByRole("button", { name: "Choose start date" }));
    expect(await screen.findByRole("grid")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("grid")).not.toBeInTheDocument());
    expect(value).toHaveTextContent("2025-03-10");
  });
});
