/**
 * Pick one of many options by typing (cmdk in a Radix Popover): a button showing the choice
 * opens a search box over the list; arrows move, Enter picks, Escape closes. With
 * `onSearchChange` the caller searches (on the server, say) and the list is shown as given.
 */
import { Command } from "cmdk";
import Check from "lucide-react/icons/check";
import ChevronsUpDown from "lucide-react/icons/chevrons-up-down";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { type ReactNode, useId, useState } from "react";
import { cn } from "../../lib/cn";
import type { ControlProps } from "./field";
import { controlClass } from "./input";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

export interface ComboboxOption {
  value: string;
  label: string;
  /** More words that find this option (a country code, say). */
  keywords?: readonly string[];
}

export interface ComboboxProps extends Partial<ControlProps> {
  options: readonly ComboboxOption[];
  value: string | null | undefined;
  onValueChange: (value: string) => void;
  /** Shown on the button when nothing is chosen. */
  placeholder?: string;
  /** Shown on the button for a chosen value that is not among `options` (a server search's). */
  selectedLabel?: string | undefined;
  searchPlaceholder?: string;
  emptyText?: string;
  onSearchChange?: (search: string) => void;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  /** Name when there is no visible label. */
  "aria-label"?: string;
  /** Content before the chosen label on the button (an icon, say). */
  prefix?: ReactNode;
}

export function Combobox({
  options,
  value,
  onValueChange,
  placeholder = "Select…",
  selectedLabel,
  searchPlaceholder = "Search…",
  emptyText = "Nothing found.",
  onSearchChange,
  loading = false,
  disabled = false,
  className,
  prefix,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const listId = useId();
  const chosen =
    options.find((option) => option.value === value)?.label ?? (value ? selectedLabel : undefined);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next && search) {
      setSearch("");
      onSearchChange?.("");
    }
  };

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          className={cn(controlClass, "flex h-9 cursor-pointer items-center gap-2 text-left", className)}
          {...aria}
        >
          {prefix}
          <span className={cn("min-w-0 flex-1 truncate", !chosen && "text-muted-foreground")}>
            {chosen ?? placeholder}
          </span>
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        <Command shouldFilter={!onSearchChange} loop label={searchPlaceholder.replace(/…$/, "")}>
          <Command.Input
            value={search}
            onValueChange={(text) => {
              setSearch(text);
              onSearchChange?.(text);
            }}
            placeholder={searchPlaceholder}
            className="h-10 w-full border-b bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List id={listId} className="max-h-72 overflow-y-auto p-1">
            {loading ? (
              <Command.Loading>
                <p className="flex items-center gap-2 px-2 py-3 text-sm text-muted-foreground">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  Searching…
                </p>
              </Command.Loading>
            ) : (
              <Command.Empty className="px-2 py-3 text-sm text-muted-foreground">{emptyText}</Command.Empty>
            )}
            {options.map((option) => (
              <Command.Item
                key={option.value}
                value={`${option.label} ${option.value}`}
                keywords={option.keywords ? [...option.keywords] : []}
                onSelect={() => {
                  onValueChange(option.value);
                  changeOpen(false);
                }}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none",
                  "data-[selected=true]:bg-muted",
                )}
              >
                <Check
                  aria-hidden="true"
                  className={cn("size-4 shrink-0", option.value === value ? "opacity-100" : "opacity-0")}
                />
                <span className="truncate">{option.label}</span>
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
