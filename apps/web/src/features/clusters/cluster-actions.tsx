/**
 * What owners and engineers do to a cluster: rename it or change its description (PUT), and
 * delete it after a confirmation naming it (POST delete-clusters). Its health history goes with
 * it; files and issues about it stay. Outcomes are toasts; a refusal keeps the server's message.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ZUpdateClusterRequest } from "@portico/shared/schemas/clusters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import type { ReactElement } from "react";
import { useForm } from "react-hook-form";
import { ErrorAlert } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { IconButton } from "../../components/ui/icon-button";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { clusterKeys, clustersApi, type TCluster } from "./api";

export const deleteClusterDescription = (name: string) =>
  `Delete cluster ${name}? Its health history is deleted; files and issues about it stay.`;

/** Deletes one cluster; throws (after the toast) so a ConfirmDialog stays open on failure. */
export function useDeleteCluster(onDeleted?: () => void) {
  const queryClient = useQueryClient();
  return async (cluster: TCluster) => {
    try {
      await clustersApi.remove(cluster.account_id, { cluster_ids: [cluster.id] });
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    toast.success(`Cluster ${cluster.name} has been deleted.`);
    onDeleted?.();
    await queryClient.invalidateQueries({ queryKey: clusterKeys.all });
  };
}

function EditClusterForm({ cluster, onDone }: { cluster: TCluster; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    resolver: zodResolver(ZUpdateClusterRequest),
    defaultValues: { name: cluster.name, description: cluster.description },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: { name?: string | undefined; description?: string | undefined }) =>
      clustersApi.update(cluster.account_id, cluster.id, body),
    onSuccess: async (saved) => {
      toast.success(`Cluster ${saved.name} has been saved.`);
      onDone();
      await queryClient.invalidateQueries({ queryKey: clusterKeys.all });
    },
  });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
      <TextareaField
        label="Description"
        rows={3}
        hint="Optional: where it runs, what it stores."
        error={errors.description?.message}
        {...form.register("description")}
      />
      <ErrorAlert>{save.isError ? errorMessage(save.error) : null}</ErrorAlert>
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          Save changes
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Controlled: open while `cluster` is set. */
export function EditClusterDialog({ cluster, onClose }: { cluster: TCluster | null; onClose: () => void }) {
  return (
    <Dialog open={cluster !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit cluster</DialogTitle>
          <DialogDescription>
            {cluster ? `Rename ${cluster.name} or change its description.` : ""}
          </DialogDescription>
        </DialogHeader>
        {cluster && <EditClusterForm key={cluster.id} cluster={cluster} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

export function DeleteClusterButton({
  cluster,
  onDeleted,
  trigger,
}: {
  cluster: TCluster;
  onDeleted?: () => void;
  /** The button that opens the confirmation (an icon button by default). */
  trigger?: ReactElement;
}) {
  const remove = useDeleteCluster(onDeleted);
  return (
    <ConfirmDialog
      trigger={
        trigger ?? (
          <Button variant="ghost" size="icon-sm" aria-label={`Delete ${cluster.name}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        )
      }
      title="Delete this cluster?"
      description={deleteClusterDescription(cluster.name)}
      confirmLabel="Delete cluster"
      onConfirm={() => remove(cluster)}
    />
  );
}

/** A row's buttons: edit (opens the dialog through `onEdit`) and delete. */
export function ClusterRowActions({
  cluster,
  onEdit,
}: {
  cluster: TCluster;
  onEdit: (cluster: TCluster) => void;
}) {
  return (
    <div className="flex justify-end gap-0.5">
      <IconButton
        label={`Edit ${cluster.name}`}
        icon={Pencil}
        size="icon-sm"
        onClick={() => onEdit(cluster)}
      />
      <DeleteClusterButton cluster={cluster} />
    </div>
  );
}
