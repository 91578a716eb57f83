/**
 * Choosing several organizations or users: a search box over the server's matches (the kit's
 * Combobox adds one at a time) and the chosen ones under it, each with its Remove button.
 */
import { useQuery } from "@tanstack/react-query";
import X from "lucide-react/icons/x";
import { useDeferredValue, useState } from "react";
import { Combobox } from "../../components/ui/combobox";
import { Field } from "../../components/ui/field";
import { IconButton } from "../../components/ui/icon-button";
import { organizationSearchQuery } from "../../lib/organizations";
import { type TUserChoice, userSearchQuery } from "./api";

export interface Chosen {
  id: number;
  /** The name shown (organization, or "Name (e-mail)"). */
  label: string;
}

function ChosenList({
  label,
  chosen,
  onRemove,
}: {
  label: string;
  chosen: readonly Chosen[];
  onRemove: (id: number) => void;
}) {
  if (chosen.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {chosen.map((item) => (
        <li
          key={item.id}
          className="flex max-w-full items-center gap-1 rounded-full border bg-muted py-0.5 pr-0.5 pl-2.5 text-sm"
        >
          <span className="min-w-0 truncate">{item.label}</span>
          <IconButton
            label={`Remove ${item.label}`}
            icon={X}
            tooltip={false}
            className="size-6 rounded-full"
            onClick={() => onRemove(item.id)}
          />
        </li>
      ))}
    </ul>
  );
}

interface PickerProps {
  chosen: readonly Chosen[];
  onChange: (chosen: Chosen[]) => void;
  error?: string | undefined;
}

function Picker({
  label,
  listLabel,
  placeholder,
  searchPlaceholder,
  emptyText,
  options,
  loading,
  onSearchChange,
  chosen,
  onChange,
  error,
}: PickerProps & {
  label: string;
  listLabel: string;
  placeholder: string;
  searchPlaceholder: string;
  emptyText: string;
  options: readonly Chosen[];
  loading: boolean;
  onSearchChange: (search: string) => void;
}) {
  const taken = new Set(chosen.map((item) => item.id));
  const offered = options.filter((option) => !taken.has(option.id));
  return (
    <div className="space-y-2">
      <Field label={label} error={error}>
        {(control) => (
          <Combobox
            {...control}
            options={offered.map((option) => ({ value: String(option.id), label: option.label }))}
            value={null}
            onValueChange={(value) => {
              const picked = offered.find((option) => String(option.id) === value);
              if (picked) onChange([...chosen, picked]);
            }}
            onSearchChange={onSearchChange}
            loading={loading}
            placeholder={placeholder}
            searchPlaceholder={searchPlaceholder}
            emptyText={emptyText}
          />
        )}
      </Field>
      <ChosenList
        label={listLabel}
        chosen={chosen}
        onRemove={(id) => onChange(chosen.filter((item) => item.id !== id))}
      />
    </div>
  );
}

/** Organizations by name (GET organizations?q=). */
export function OrganizationPicker(props: PickerProps) {
  const [search, setSearch] = useState("");
  const organizations = useQuery(organizationSearchQuery(useDeferredValue(search.trim())));
  return (
    <Picker
      {...props}
      label="Organizations"
      listLabel="Chosen organizations"
      placeholder="Add an organization"
      searchPlaceholder="Search organizations…"
      emptyText={organizations.isError ? organizations.error.error : "No organization matches."}
      options={(organizations.data?.items ?? []).map((org) => ({ id: org.account_id, label: org.company }))}
      loading={organizations.isFetching && !organizations.data}
      onSearchChange={setSearch}
    />
  );
}

export const userLabel = (user: TUserChoice) => `${user.name} (${user.email})`;

/** Users by name or e-mail (GET users?q=, the directory). */
export function UserPicker(props: PickerProps) {
  const [search, setSearch] = useState("");
  const users = useQuery(userSearchQuery(useDeferredValue(search.trim())));
  return (
    <Picker
      {...props}
      label="Users"
      listLabel="Chosen users"
      placeholder="Add a user"
      searchPlaceholder="Search users…"
      emptyText={users.isError ? users.error.error : "No user matches."}
      options={(users.data ?? []).map((user) => ({ id: user.user_id, label: userLabel(user) }))}
      loading={users.isFetching && !users.data}
      onSearchChange={setSearch}
    />
  );
}
