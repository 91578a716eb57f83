/**
 * The customer list's filters (spec §3, §6, §9): the quick filter (all, or the accounts an
 * engineer holds a role on, "Me" by default), status, plans, trial only, following and search.
 * The spec's filter (quick filter, engineer, status, plans, trial) is remembered in the browser
 * (`customerFilter`, read through the shared parseCustomerFilter); following, search and sort
 * last for the visit.
 */
import {
  CUSTOMER_QUICK_FILTERS,
  type CustomerFilter,
  type CustomerQuickFilter,
  DEFAULT_CUSTOMER_FILTER,
  ENGINEER_ROLE_LABELS,
  parseCustomerFilter,
  type ServiceType,
} from "@portico/shared/rules/roles";
import { SERVICE_TYPES } from "@portico/shared/schemas/accounts";
import type { CustomerSort } from "@portico/shared/schemas/customers";
import { useQuery } from "@tanstack/react-query";
import ChevronDown from "lucide-react/icons/chevron-down";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { type ReactNode, useId, useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { CheckboxField } from "../../components/ui/checkbox";
import { Combobox } from "../../components/ui/combobox";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { usePersisted } from "../../lib/persisted-store";
import { engineersQuery } from "../conversations/presence";
import { useDebouncedValue } from "../search/use-debounced-value";
import { type CustomerListState, DEFAULT_SORT, type SortOrder } from "./list-api";

export const SEARCH_DEBOUNCE_MS = 300;

export const QUICK_FILTER_LABELS: Record<CustomerQuickFilter, string> = {
  all: "All customers",
  ...ENGINEER_ROLE_LABELS,
};

const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
];

const ME = "me";

function defaultFilter(): CustomerFilter {
  return { ...DEFAULT_CUSTOMER_FILTER, plans: [] };
}

/** The list's state and the ways to change it. */
export function useCustomerListState() {
  const [stored, setStored] = usePersisted("customerFilter");
  // The shared rule: a stored status "all" (earlier releases) or any bad field reads as the default.
  const filter = useMemo(() => (stored === null ? defaultFilter() : parseCustomerFilter(stored)), [stored]);
  const [following, setFollowing] = useState(false);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<{ sort: CustomerSort; order: SortOrder }>(DEFAULT_SORT);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const changeFilter = (patch: Partial<CustomerFilter>) => {
    const next = parseCustomerFilter({ ...filter, ...patch });
    const isDefault = JSON.stringify(next) === JSON.stringify(defaultFilter());
    setStored(isDefault ? null : next);
  };
  const filtered = stored !== null || following || search.trim() !== "";
  const reset = () => {
    setStored(null);
    setFollowing(false);
    setSearch("");
  };
  const state: CustomerListState = { filter, following, q, ...sort };
  return { state, search, setSearch, setFollowing, setSort, changeFilter, filtered, reset };
}

export type CustomerListControls = ReturnType<typeof useCustomerListState>;

/** The engineer picked: null is "Me" (the viewer); the name is kept to show before the list loads. */
export type EngineerChoice = Pick<CustomerFilter, "userId" | "userName">;

/** A control with its short visible name above it (the control's accessible name is the same). */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      {children}
    </div>
  );
}

/** The engineers (GET /api/chat/engineers), "Me" first; also the time log screen's picker. */
export function EngineerPicker({
  filter,
  selfId,
  onChange,
}: {
  filter: EngineerChoice;
  selfId: number | null;
  onChange: (choice: EngineerChoice) => void;
}) {
  const engineers = useQuery(engineersQuery());
  const options = [
    { value: ME, label: "Me" },
    ...(engineers.data ?? [])
      .filter((e) => e.user_id !== selfId)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => ({ value: String(e.user_id), label: e.name })),
  ];
  const value = filter.userId === null || filter.userId === selfId ? ME : String(filter.userId);
  return (
    <Labelled label="Engineer">
      <Combobox
        aria-label="Engineer"
        className="w-48"
        options={options}
        value={value}
        selectedLabel={filter.userName ?? undefined}
        searchPlaceholder="Search engineers…"
        emptyText="No engineer of that name."
        loading={engineers.isPending}
        onValueChange={(v) => {
          if (v === ME) onChange({ userId: null, userName: null });
          else onChange({ userId: Number(v), userName: options.find((o) => o.value === v)?.label ?? null });
        }}
      />
    </Labelled>
  );
}

function plansLabel(plans: readonly ServiceType[]): string {
  if (plans.length === 0) return "All plans";
  if (plans.length <= 2) return plans.join(", ");
  return `${plans.length} plans`;
}

function PlansMenu({
  plans,
  onChange,
}: {
  plans: readonly ServiceType[];
  onChange: (plans: ServiceType[]) => void;
}) {
  const toggle = (plan: ServiceType, on: boolean) =>
    onChange(SERVICE_TYPES.filter((p) => (p === plan ? on : plans.includes(p))));
  return (
    <Labelled label="Plans">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="secondary"
            className="w-44 justify-between font-normal"
            aria-label={`Plans: ${plansLabel(plans)}`}
          >
            <span className="truncate">{plansLabel(plans)}</span>
            <ChevronDown aria-hidden="true" className="text-muted-foreground" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {SERVICE_TYPES.map((plan) => (
            <DropdownMenuCheckboxItem
              key={plan}
              checked={plans.includes(plan)}
              onCheckedChange={(checked) => toggle(plan, checked === true)}
              // Stays open: several plans are often picked together.
              onSelect={(event) => event.preventDefault()}
            >
              {plan}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </Labelled>
  );
}

export function CustomerFilters({
  controls,
  selfId,
}: {
  controls: CustomerListControls;
  selfId: number | null;
}) {
  const { state, search, setSearch, setFollowing, changeFilter, filtered, reset } = controls;
  const { filter } = state;
  const searchId = useId();
  return (
    <fieldset aria-label="Customer filters" className="flex flex-wrap items-end gap-3">
      <div className="flex w-full min-w-0 flex-col gap-1 sm:w-64">
        <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
          Search
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Company name…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <Labelled label="Assigned">
        <Select
          aria-label="Assigned"
          className="w-44"
          options={CUSTOMER_QUICK_FILTERS.map((value) => ({ value, label: QUICK_FILTER_LABELS[value] }))}
          value={filter.quickFilter}
          onValueChange={(value) =>
            changeFilter({
              quickFilter: value as CustomerQuickFilter,
              ...(value === "all" ? { userId: null, userName: null } : {}),
            })
          }
        />
      </Labelled>
      {filter.quickFilter !== "all" && (
        <EngineerPicker filter={filter} selfId={selfId} onChange={changeFilter} />
      )}
      <Labelled label="Status">
        <Select
          aria-label="Status"
          className="w-32"
          options={STATUS_OPTIONS}
          value={filter.status}
          onValueChange={(value) => changeFilter({ status: value as CustomerFilter["status"] })}
        />
      </Labelled>
      <PlansMenu plans={filter.plans} onChange={(plans) => changeFilter({ plans })} />
      <div className="flex h-9 items-center gap-4">
        <CheckboxField
          label="Trial only"
          checked={filter.trial}
          onCheckedChange={(checked) => changeFilter({ trial: checked === true })}
        />
        <CheckboxField
          label="Following"
          checked={state.following}
          onCheckedChange={(checked) => setFollowing(checked === true)}
        />
      </div>
      {filtered && (
        <Button variant="ghost" onClick={reset}>
          <RotateCcw aria-hidden="true" />
          Reset filters
        </Button>
      )}
    </fieldset>
  );
}
