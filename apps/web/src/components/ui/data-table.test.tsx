import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { DataTable, dataTableColumns, type SortingState } from "./data-table";

interface Person {
  id: number;
  name: string;
  email: string;
  issues: number;
}

const col = dataTableColumns<Person>();
const columns = [
  col.accessor("name", { header: "Name" }),
  col.accessor("email", { header: "Email" }),
  col.accessor("issues", { header: "Issues", meta: { numeric: true } }),
];

const people: Person[] = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `Person ${String(i + 1).padStart(2, "0")}`,
  email: `p${i + 1}@example.com`,
  issues: (i * 7) % 11,
}));

function setup(data: Person[] = people, props: Partial<Parameters<typeof DataTable<Person>>[0]> = {}) {
  const user = userEvent.setup();
  render(
    <DataTable
      label="People"
      columns={columns}
      data={data}
      getRowId={(p) => String(p.id)}
      pageSize={10}
      {...props}
    />,
  );
  return { user, table: screen.getByRole("table", { name: "People" }) };
}

/** The text of the first cell of every body row. */
function firstColumn(table: HTMLElement): string[] {
  const rows = within(table).getAllByRole("row").slice(1);
  return rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent ?? "");
}

describe("DataTable", () => {
  it("shows the first page and moves between pages", async () => {
    const { user, table } = setup();
    expect(firstColumn(table)).toHaveLength(10);
    expect(firstColumn(table)[0]).toBe("Person 01");
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(firstColumn(table)[0]).toBe("Person 11");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    expect(firstColumn(table).at(-1)).toBe("Person 30");
  });

  it("sorts by a column, ascending then descending, and says so with aria-sort", async () => {
    const { user, table } = setup();
    const header = screen.getByRole("columnheader", { name: /Name/ });
    expect(header).toHaveAttribute("aria-sort", "none");
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(firstColumn(table)[0]).toBe("Person 01");
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(firstColumn(table)[0]).toBe("Person 30");
  });

  it("sorts numbers as numbers, largest first on the first click", async () => {
    const { user, table } = setup();
    const header = screen.getByRole("columnheader", { name: /Issues/ });
    await user.click(within(header).getByRole("button"));
    expect(header).toHaveAttribute("aria-sort", "descending");
    const rows = within(table).getAllByRole("row").slice(1);
    const issues = rows.map((row) => Number(within(row).getAllByRole("cell")[2]?.textContent));
    expect(issues[0]).toBe(10);
    expect(issues).toEqual([...issues].sort((a, b) => b - a));
  });

  it("hides and shows a column from the Columns menu", async () => {
    const { user } = setup();
    expect(screen.getByRole("columnheader", { name: /Email/ })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    await user.click(await screen.findByRole("menuitemcheckbox", { name: "Email" }));
    await waitFor(() =>
      expect(screen.queryByRole("columnheader", { name: /Email/ })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText("p1@example.com")).not.toBeInTheDocument();
  });

  it("changes the page size", async () => {
    const { user, table } = setup();
    await user.click(screen.getByRole("combobox", { name: "Rows per page" }));
    await user.click(await screen.findByRole("option", { name: "25" }));
    expect(firstColumn(table)).toHaveLength(25);
    expect(screen.getByText("Page 1 of 2")).toBeInTheDocument();
  });

  it("shows the empty state instead of rows", () => {
    setup([], { empty: <p>No people yet. Invite someone.</p> });
    expect(screen.getByText("No people yet. Invite someone.")).toBeInTheDocument();
    expect(screen.queryByText(/^Page/)).not.toBeInTheDocument();
  });

  it("announces loading and shows no rows while loading", () => {
    setup(people, { loading: true });
    expect(screen.getByRole("status")).toHaveTextContent("Loading People");
    expect(screen.queryByText("Person 01")).not.toBeInTheDocument();
  });

  it("a virtualized table tells assistive technology how many rows there are", () => {
    const many = Array.from(
      { length: 5000 },
      (_, i) => ({ ...people[0], id: i + 1, name: `P${i}` }) as Person,
    );
    setup(many, { virtualize: { height: 400 } });
    const table = screen.getByRole("table", { name: "People" });
    expect(table).toHaveAttribute("aria-rowcount", "5001");
    // Only the rows in view are in the page, never all 5000.
    expect(within(table).getAllByRole("row").length).toBeLessThan(100);
    expect(screen.getByText("5000 rows")).toBeInTheDocument();
  });

  it("with server-side sorting, shows rows as given and asks for the next sort on a header click", async () => {
    const asked = vi.fn();
    function ServerSorted() {
      const [sorting, setSorting] = useState<SortingState>([{ id: "name", desc: false }]);
      return (
        <DataTable
          label="People"
          columns={columns}
          // Deliberately not in name order: the table must not sort them itself.
          data={[people[2], people[0], people[1]] as Person[]}
          getRowId={(p) => String(p.id)}
          sorting={sorting}
          onSortingChange={(next) => {
            asked(next);
            setSorting(next);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<ServerSorted />);
    const table = screen.getByRole("table", { name: "People" });
    const header = screen.getByRole("columnheader", { name: /Name/ });
    expect(header).toHaveAttribute("aria-sort", "ascending");
    expect(firstColumn(table)).toEqual(["Person 03", "Person 01", "Person 02"]);
    await user.click(within(header).getByRole("button"));
    expect(asked).toHaveBeenLastCalledWith([{ id: "name", desc: true }]);
    expect(header).toHaveAttribute("aria-sort", "descending");
    expect(firstColumn(table)).toEqual(["Person 03", "Person 01", "Person 02"]);
    // Never back to "unsorted": a third click is ascending again.
    await user.click(within(header).getByRole("button"));
    expect(asked).toHaveBeenLastCalledWith([{ id: "name", desc: false }]);
    await user.click(within(screen.getByRole("columnheader", { name: /Email/ })).getByRole("button"));
    expect(asked).toHaveBeenLastCalledWith([{ id: "email", desc: false }]);
  });

  it("a virtualized table with more rows on the server counts them all and asks for more near the end", () => {
    const onLoadMore = vi.fn();
    setup(people.slice(0, 5), { virtualize: { height: 400, rowCount: 20000, onLoadMore } });
    const table = screen.getByRole("table", { name: "People" });
    expect(table).toHaveAttribute("aria-rowcount", "20001");
    expect(screen.getByText("5 of 20000 rows loaded")).toBeInTheDocument();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it("does not ask for more once every row is loaded", () => {
    const onLoadMore = vi.fn();
    setup(people.slice(0, 5), { virtualize: { height: 400, rowCount: 5, onLoadMore } });
    expect(screen.getByText("5 rows")).toBeInTheDocument();
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
