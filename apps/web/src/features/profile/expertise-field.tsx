/**
 * An engineer's expertise (spec §3 expertise_category_id): one issue category, saved as soon as
 * it is chosen through PUT /api/users/{id}/expertise (the profile form's POST never sends it, so
 * there is one way to set it). An issue of that category suggests the engineer as its assignee.
 */
import type { TProfile } from "@portico/shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ErrorAlert, QueryError } from "../../components/ui/alert";
import { Field } from "../../components/ui/field";
import { Select } from "../../components/ui/select";
import { FormSkeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCategories, workKeys } from "../conversations/work-api";
import { profileApi, profileQuery } from "./api";

const NONE = "none";

export const EXPERTISE_SAVED = "Your expertise has been saved.";

export function ExpertiseField({ userId, profile }: { userId: number; profile: TProfile }) {
  const queryClient = useQueryClient();
  const categories = useCategories();
  const save = useMutation({
    mutationFn: (categoryId: number | null) => profileApi.setExpertise(userId, categoryId),
    onSuccess: (saved) => {
      queryClient.setQueryData<TProfile>(profileQuery.queryKey, (held) =>
        held ? { ...held, expertise_category_id: saved.category?.id ?? null } : held,
      );
      // The catalogue counts each category's experts.
      void queryClient.invalidateQueries({ queryKey: workKeys.categories });
      toast.success(EXPERTISE_SAVED);
    },
  });

  if (categories.isError) return <QueryError query={categories} />;
  if (!categories.data) return <FormSkeleton fields={1} label="Loading the categories" />;
  const options = [
    { value: NONE, label: "No expertise" },
    ...categories.data.items.map((c) => ({ value: String(c.id), label: `${c.name} (level ${c.level})` })),
  ];
  const current = save.isPending ? save.variables : profile.expertise_category_id;
  return (
    <div className="max-w-sm space-y-3">
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <Field
        label="Expertise"
        hint={
          categories.data.items.length === 0
            ? "No categories yet: engineers create them from the Categories button of the issue queue."
            : "Issues of this category suggest you as their assignee."
        }
      >
        {(control) => (
          <Select
            {...control}
            options={options}
            value={current === null ? NONE : String(current)}
            disabled={save.isPending}
            onValueChange={(v) => save.mutate(v === NONE ? null : Number(v))}
          />
        )}
      </Field>
    </div>
  );
}
