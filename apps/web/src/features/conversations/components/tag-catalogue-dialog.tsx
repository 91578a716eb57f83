/**
 * "Tags" (engineers, from the queue's toolbar): the vendor-wide tag catalogue. Create a tag with a
 * name and one of the offered colours (a radio group of swatches), rename or recolour it, delete
 * it (asking first when issues carry it, then deleting with force). Messages are the shared
 * schema's (ISSUE_WORK_MESSAGES).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { TAG_COLORS, ZCreateTagRequest } from "@portico/shared/schemas/issue-work";
import type { z } from "@portico/shared/zod";
import * as RadioGroupPrimitive from "@radix-ui/react-radio-group";
import Check from "lucide-react/icons/check";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { FieldError } from "../../../components/ui/field";
import { TextField } from "../../../components/ui/text-field";
import { type TTagWithUsage, useCreateTag, useDeleteTag, useTagCatalogue, useUpdateTag } from "../work-api";
import { CatalogueBody, CatalogueDialog, CatalogueForm } from "./catalogue-parts";
import { TagChip } from "./tag-chip";

/** The offered colours' names, read out by screen readers. */
export const TAG_COLOR_NAMES: Record<(typeof TAG_COLORS)[number], string> = {
  "#64748b": "Slate",
  "#ef4444": "Red",
  "#f97316": "Orange",
  "#eab308": "Yellow",
  "#22c55e": "Green",
  "#14b8a6": "Teal",
  "#3b82f6": "Blue",
  "#8b5cf6": "Violet",
  "#ec4899": "Pink",
};

const colorName = (color: string) =>
  TAG_COLOR_NAMES[color as (typeof TAG_COLORS)[number]] ?? `Current colour (${color})`;

/** One colour among swatches: arrow keys move, each swatch is named by its colour. */
function ColorSwatches({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (color: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  // A tag made through the API may carry a colour the app does not offer: keep it choosable.
  const colors: string[] = TAG_COLORS.includes(value as (typeof TAG_COLORS)[number])
    ? [...TAG_COLORS]
    : [...TAG_COLORS, value];
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-foreground">
        Colour
      </p>
      <RadioGroupPrimitive.Root
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        orientation="horizontal"
        value={value}
        onValueChange={onChange}
        className="flex flex-wrap gap-2"
      >
        {colors.map((color) => (
          <RadioGroupPrimitive.Item
            key={color}
            value={color}
            aria-label={colorName(color)}
            className="flex size-7 cursor-pointer items-center justify-center rounded-full border border-foreground/20 outline-offset-2 focus-visible:outline-2 focus-visible:outline-ring data-[state=checked]:ring-2 data-[state=checked]:ring-foreground data-[state=checked]:ring-offset-2 data-[state=checked]:ring-offset-popover"
            style={{ backgroundColor: color }}
          >
            <RadioGroupPrimitive.Indicator>
              <Check aria-hidden="true" className="size-4 text-white drop-shadow" />
            </RadioGroupPrimitive.Indicator>
          </RadioGroupPrimitive.Item>
        ))}
      </RadioGroupPrimitive.Root>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

type TagValues = z.input<typeof ZCreateTagRequest>;

/** Creates a tag, or edits `editing` (then Cancel goes back to creating). */
function TagForm({ editing, onDone }: { editing: TTagWithUsage | null; onDone: () => void }) {
  const create = useCreateTag();
  const update = useUpdateTag();
  const form = useForm<TagValues, unknown, z.output<typeof ZCreateTagRequest>>({
    resolver: zodResolver(ZCreateTagRequest),
    defaultValues: { name: editing?.name ?? "", color: editing?.color ?? TAG_COLORS[0] },
  });
  return (
    <CatalogueForm
      noun="tag"
      editing={editing}
      form={form}
      create={create.mutateAsync}
      update={update.mutateAsync}
      busy={create.isPending || update.isPending}
      next={(saved) => ({ name: "", color: saved.color })}
      onDone={onDone}
    >
      <TextField
        label="Tag name"
        autoComplete="off"
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      <Controller
        control={form.control}
        name="color"
        render={({ field, fieldState }) => (
          <ColorSwatches
            value={field.value ?? TAG_COLORS[0]}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </CatalogueForm>
  );
}

export function TagCatalogueDialog() {
  return (
    <CatalogueDialog label="Tags" description="Tags sort the queue. Only engineers see them.">
      <TagCatalogue />
    </CatalogueDialog>
  );
}

function TagCatalogue() {
  const tags = useTagCatalogue();
  const remove = useDeleteTag();
  return (
    <CatalogueBody
      query={tags}
      noun="tag"
      label="Tags"
      empty="No tags yet: name the first one above."
      render={(tag) => <TagChip tag={tag} />}
      remove={remove.mutateAsync}
      form={(editing, done) => <TagForm editing={editing} onDone={done} />}
    />
  );
}
