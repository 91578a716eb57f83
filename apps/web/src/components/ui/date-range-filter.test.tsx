import { MAX_RANGE_DAYS } from "@portico/shared/rules/date-range";
import { MESSAGES } from "@portico/shared/validation";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { currentUrl, renderScreen } from "../../test/helpers";
import { DateRangeFilter, type DayRange, presetRange, useDateRangeParams } from "./date-range-filter";

const TODAY = "2026-11-24";

function Harness({ onChange, onInvalid }: { onChange: (r: DayRange) => void; onInvalid?: () => void }) {
  const [range, setRange] = useState<DayRange>({ from: "2026-10-01", to: "2026-10-31" });
  return (
    <>
      <DateRangeFilter
        value={range}
        today={TODAY}
        maxDays={MAX_RANGE_DAYS}
        endNotInFuture
        onChange={(next) => {
          setRange(next);
          onChange(next);
        }}
        onInvalid={onInvalid}
      />
      <output aria-label="Range">{`${range.from}..${range.to}`}</output>
    </>
  );
}

function setup() {
  const onChange = vi.fn();
  const onInvalid = vi.fn();
  const user = userEvent.setup();
  render(<Harness onChange={onChange} onInvalid={onInvalid} />);
  return { user, onChange, onInvalid };
}

async function typeDate(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByRole("textbox", { name: label });
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

const field = (label: string) => screen.getByRole("textbox", { name: label });

describe("date range filter (spec §5)", () => {
  it("shows the range as dd-MM-yyyy and gives a valid typed range to the screen", async () => {
    const { user, onChange } = setup();
    expect(field("From")).toHaveValue("01-10-2026");
    expect(field("To")).toHaveValue("31-10-2026");
    await typeDate(user, "From", "15-09-2026");
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-09-15", to: "2026-10-31" });
    expect(screen.getByLabelText("Range")).toHaveTextContent("2026-09-15..2026-10-31");
  });

  it.each([
    ["From", "25-11-2026", "From", MESSAGES.invalidStartDate],
    ["To", "30-09-2026", "To", MESSAGES.endDateBeforeStart],
    ["To", "25-11-2026", "To", MESSAGES.invalidEndDate],
    ["From", "01-01-2016", "To", MESSAGES.rangeTooLong],
  ])("%s %s: %s says %j, and the screen keeps its range", async (label, text, where, message) => {
    const { user, onChange, onInvalid } = setup();
    await typeDate(user, label, text);
    expect(field(where)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field(where)).toHaveAttribute("aria-invalid", "true");
    expect(onChange).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalled();
    expect(screen.getByLabelText("Range")).toHaveTextContent("2026-10-01..2026-10-31");
  });

  it("an emptied start is 'Invalid start date', an emptied end 'End date is invalid'", async () => {
    const { user, onChange } = setup();
    await user.clear(field("From"));
    await user.tab();
    expect(field("From")).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.invalidStartDate));
    await user.clear(field("To"));
    await user.tab();
    expect(field("To")).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.endDateInvalid));
    expect(onChange).not.toHaveBeenCalled();
  });

  it("clears the message once the range is corrected", async () => {
    const { user, onChange } = setup();
    await typeDate(user, "To", "30-09-2026");
    expect(screen.getByText(MESSAGES.endDateBeforeStart)).toBeInTheDocument();
    await typeDate(user, "From", "01-09-2026");
    expect(screen.queryByText(MESSAGES.endDateBeforeStart)).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-09-01", to: "2026-09-30" });
  });

  it("tells the screen when the fields come back to its range after being wrong", async () => {
    const { user, onChange, onInvalid } = setup();
    await typeDate(user, "To", "30-09-2026");
    expect(onInvalid).toHaveBeenCalledTimes(1);
    await typeDate(user, "To", "31-10-2026");
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-10-01", to: "2026-10-31" });
  });

  it("quick ranges end today and say which one is chosen", async () => {
    const { user, onChange } = setup();
    const quick = screen.getByRole("group", { name: "Quick ranges" });
    for (const name of ["Last 7 days", "Last 30 days", "Last 90 days", "Last 12 months"]) {
      expect(within(quick).getByRole("button", { name })).toHaveAttribute("aria-pressed", "false");
    }
    await user.click(within(quick).getByRole("button", { name: "Last 7 days" }));
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-11-18", to: TODAY });
    expect(field("From")).toHaveValue("18-11-2026");
    expect(field("To")).toHaveValue("24-11-2026");
    expect(within(quick).getByRole("button", { name: "Last 7 days" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // Keyboard: Tab to the next quick range, Enter picks it.
    await user.tab();
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-10-26", to: TODAY });
    expect(presetRange(365, TODAY)).toEqual({ from: "2025-11-25", to: TODAY });
  });

  it("shows the server's refusal on its field", () => {
    render(
      <DateRangeFilter
        value={{ from: "2026-10-01", to: "2026-10-31" }}
        today={TODAY}
        onChange={() => {}}
        presets={false}
        errors={{ to: MESSAGES.invalidEndDate }}
      />,
    );
    expect(field("To")).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.invalidEndDate));
    expect(screen.queryByRole("group", { name: "Quick ranges" })).not.toBeInTheDocument();
  });
});

/** `today` null: the real one. */
function ParamsHarness({ fixedToday = TODAY }: { fixedToday?: string | null }) {
  const today = fixedToday ?? undefined;
  const { range, problems, valid, setRange } = useDateRangeParams({ endNotInFuture: true, today });
  return (
    <>
      <DateRangeFilter value={range} onChange={setRange} today={today} endNotInFuture errors={problems} />
      <output aria-label="Asked">{valid ? `${range.from}..${range.to}` : "invalid"}</output>
    </>
  );
}

describe("useDateRangeParams", () => {
  it("reads the range from the address and writes the chosen one back, other parameters kept", async () => {
    const { user, router } = renderScreen(<ParamsHarness />, {
      path: "/reports",
      url: "/reports?from=2026-01-01&to=2026-01-31&tab=x",
    });
    expect(field("From")).toHaveValue("01-01-2026");
    expect(screen.getByLabelText("Asked")).toHaveTextContent("2026-01-01..2026-01-31");
    await typeDate(user, "To", "15-02-2026");
    expect(currentUrl(router)).toBe("/reports?from=2026-01-01&to=2026-02-15&tab=x");
    expect(screen.getByLabelText("Asked")).toHaveTextContent("2026-01-01..2026-02-15");
  });

  it("a bad linked range shows its problem and is not asked for", () => {
    renderScreen(<ParamsHarness />, { path: "/reports", url: "/reports?from=2026-03-10&to=2026-03-01" });
    expect(screen.getByLabelText("Asked")).toHaveTextContent("invalid");
    expect(field("To")).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.endDateBeforeStart));
  });

  it("defaults to the last 30 days", () => {
    renderScreen(<ParamsHarness fixedToday={null} />, { path: "/reports", url: "/reports" });
    const to = new Date().toISOString().slice(0, 10);
    expect(screen.getByLabelText("Asked")).toHaveTextContent(new RegExp(`\\.\\.${to}$`));
  });
});
