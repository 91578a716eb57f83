/**
 * An issue's tags (engineers): chips in the tag's colour with a remove button, and a combobox that
 * adds one from the catalogue (GET issue-tags). Each change answers with the issue's tags now.
 */
import type { TTag } from "@portico/shared/schemas/issue-work";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Combobox } from "../../../components/ui/combobox";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { applyWork, useTagCatalogue, workApi } from "../work-api";
import { TagChip } from "./tag-chip";

export function TagPicker({ issueNumber, tags }: { issueNumber: number; tags: readonly TTag[] }) {
  const queryClient = useQueryClient();
  const catalogue = useTagCatalogue();
  const setTags = (next: TTag[]) => applyWork(queryClient, issueNumber, (work) => ({ ...work, tags: next }));
  const add = useMutation({
    mutationFn: (tag: TTag) => workApi.addTag(issueNumber, tag.id),
    onSuccess: (next, tag) => {
      setTags(next);
      toast.success(`Tagged ‘${tag.name}’.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (tag: TTag) => workApi.removeTag(issueNumber, tag.id),
    onSuccess: (next, tag) => {
      setTags(next);
      toast.success(`Removed the tag ‘${tag.name}’.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const held = new Set(tags.map((t) => t.id));
  const options = (catalogue.data?.items ?? [])
    .filter((t) => !held.has(t.id))
    .map((t) => ({ value: String(t.id), label: t.name }));

  return (
    <div className="space-y-2">
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">No tags yet.</p>
      ) : (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag.id}>
              <TagChip
                tag={tag}
                removing={remove.isPending && remove.variables?.id === tag.id}
                onRemove={() => remove.mutate(tag)}
              />
            </li>
          ))}
        </ul>
      )}
      <Combobox
        aria-label="Add tag"
        options={options}
        value={null}
        placeholder={add.isPending ? "Adding…" : "Add tag…"}
        searchPlaceholder="Search tags…"
        emptyText={
          catalogue.isError
            ? `Tags could not be loaded: ${errorMessage(catalogue.error)}`
            : "No other tags. New tags are made from the tag catalogue on the issues list."
        }
        loading={catalogue.isPending}
        disabled={add.isPending}
        onValueChange={(value) => {
          const tag = catalogue.data?.items.find((t) => String(t.id) === value);
          if (tag) add.mutate(tag);
        }}
      />
    </div>
  );
}
