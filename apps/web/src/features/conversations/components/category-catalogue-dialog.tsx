/**
 * "Categories" (engineers, from the queue's toolbar): the issue categories with their levels (1,
 * first line, to 5, deepest expertise). Create, edit, delete (asking first when issues have it;
 * deleting also clears it from those issues and from engineers' expertise). Messages are the
 * shared schema's (ISSUE_WORK_MESSAGES).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATEGORY_LEVEL_MAX,
  CATEGORY_LEVEL_MIN,
  ZCreateCategoryRequest,
} from "@portico/shared/schemas/issue-work";
import type { z } from "@portico/shared/zod";
import { Controller, useForm } from "react-hook-form";
import { Badge } from "../../../components/ui/badge";
import { Field } from "../../../components/ui/field";
import { Select } from "../../../components/ui/select";
import { TextareaField, TextField } from "../../../components/ui/text-field";
import {
  type TCategoryWithUsage,
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from "../work-api";
import { CatalogueBody, CatalogueDialog, CatalogueForm } from "./catalogue-parts";

const LEVEL_HINTS: Record<number, string> = {
  [CATEGORY_LEVEL_MIN]: " (first line)",
  [CATEGORY_LEVEL_MAX]: " (deepest expertise)",
};

export const LEVEL_OPTIONS = Array.from({ length: CATEGORY_LEVEL_MAX - CATEGORY_LEVEL_MIN + 1 }, (_, i) => {
  const level = CATEGORY_LEVEL_MIN + i;
  return { value: String(level), label: `Level ${level}${LEVEL_HINTS[level] ?? ""}` };
});

type CategoryValues = z.input<typeof ZCreateCategoryRequest>;

function CategoryForm({ editing, onDone }: { editing: TCategoryWithUsage | null; onDone: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<CategoryValues, unknown, z.output<typeof ZCreateCategoryRequest>>({
    resolver: zodResolver(ZCreateCategoryRequest),
    defaultValues: {
      name: editing?.name ?? "",
      description: editing?.description ?? "",
      level: editing?.level ?? CATEGORY_LEVEL_MIN,
    },
  });
  const { errors } = form.formState;
  return (
    <CatalogueForm
      noun="category"
      editing={editing}
      form={form}
      create={create.mutateAsync}
      update={update.mutateAsync}
      busy={create.isPending || update.isPending}
      next={(saved) => ({ name: "", description: "", level: saved.level })}
      onDone={onDone}
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_13rem]">
        <TextField
          label="Category name"
          autoComplete="off"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <Controller
          control={form.control}
          name="level"
          render={({ field, fieldState }) => (
            <Field label="Level" error={fieldState.error?.message}>
              {(controlProps) => (
                <Select
                  {...controlProps}
                  options={LEVEL_OPTIONS}
                  value={String(field.value)}
                  onValueChange={(v) => field.onChange(Number(v))}
                />
              )}
            </Field>
          )}
        />
      </div>
      <TextareaField
        label="Description"
        rows={2}
        error={errors.description?.message}
        {...form.register("description")}
      />
    </CatalogueForm>
  );
}

const expertsNote = (count: number) =>
  count > 0
    ? `It is the expertise of ${count} ${count === 1 ? "engineer" : "engineers"}, which is cleared too.`
    : undefined;

function CategoryCatalogue() {
  const categories = useCategories();
  const remove = useDeleteCategory();
  return (
    <CatalogueBody
      query={categories}
      noun="category"
      label="Categories"
      empty="No categories yet: name the first one above."
      render={(category) => (
        <div className="space-y-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-foreground">{category.name}</span>
            <Badge variant="outline">Level {category.level}</Badge>
          </div>
          {category.description && <p className="text-sm text-muted-foreground">{category.description}</p>}
        </div>
      )}
      deleteNote={(category) => expertsNote(category.expert_count)}
      remove={remove.mutateAsync}
      form={(editing, done) => <CategoryForm editing={editing} onDone={done} />}
    />
  );
}

export function CategoryCatalogueDialog() {
  return (
    <CatalogueDialog
      label="Categories"
      description="An issue's category suggests the engineers whose expertise it is."
    >
      <CategoryCatalogue />
    </CatalogueDialog>
  );
}
