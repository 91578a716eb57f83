/**
 * /cluster/register (spec §2.2, §7.3 cluster/register): owners of the organization acted on and
 * engineers register a cluster by name, description and deployment id. A new cluster's
 * call-home key shows once, with the crontab line that sends its reports. Registering a
 * deployment id again returns the cluster it already is (no new key: rotate it on its page).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ZRegisterClusterRequest } from "@portico/shared/schemas/clusters";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import Building2 from "lucide-react/icons/building-2";
import Plus from "lucide-react/icons/plus";
import ShieldAlert from "lucide-react/icons/shield-alert";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { ErrorAlert, Notice, QueryError } from "../../components/ui/alert";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { FormSkeleton } from "../../components/ui/skeleton";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useCurrentUser } from "../../lib/current-user";
import { clusterKeys, clusterLink, clustersApi, type TRegisterClusterResponse } from "./api";
import { CallHomeKeyPanel } from "./call-home-key-panel";

export const REGISTER_OWNERS_ONLY = "Only an owner of the organization or an engineer can register clusters.";

const EMPTY = { name: "", description: "", deployment_id: "" };

function RegisterForm({
  accountId,
  onRegistered,
}: {
  accountId: number;
  onRegistered: (result: TRegisterClusterResponse) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZRegisterClusterRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  const register = useMutation({
    mutationFn: (body: { name: string; description: string; deployment_id: string }) =>
      clustersApi.register(accountId, body),
    onSuccess: (result) => {
      if (result.created) toast.success(`Cluster ${result.cluster.name} has been registered.`);
      void queryClient.invalidateQueries({ queryKey: clusterKeys.all });
      onRegistered(result);
    },
  });
  return (
    <Card className="max-w-xl">
      <CardContent>
        <form
          noValidate
          className="space-y-5"
          onSubmit={form.handleSubmit((values) => register.mutate(values))}
        >
          <TextField
            label="Name"
            autoComplete="off"
            error={errors.name?.message}
            {...form.register("name")}
          />
          <TextareaField
            label="Description"
            rows={3}
            hint="Optional: where it runs, what it stores."
            error={errors.description?.message}
            {...form.register("description")}
          />
          <TextField
            label="Deployment id"
            autoComplete="off"
            spellCheck={false}
            className="[&_input]:font-mono"
            hint="The cluster's deployment id, e.g. from its admin tool. Registering it again finds the same cluster."
            error={errors.deployment_id?.message}
            {...form.register("deployment_id")}
          />
          <ErrorAlert>{register.isError ? errorMessage(register.error) : null}</ErrorAlert>
          <Button type="submit" busy={register.isPending}>
            <Plus aria-hidden="true" />
            Register cluster
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Registered({ result, onAnother }: { result: TRegisterClusterResponse; onAnother: () => void }) {
  const { cluster } = result;
  const link = clusterLink(cluster.account_id, cluster.id);
  const open = (
    <Link to={link} className={buttonVariants()}>
      Open the cluster
      <ArrowRight aria-hidden="true" />
    </Link>
  );
  const another = (
    <Button variant="secondary" onClick={onAnother}>
      Register another cluster
    </Button>
  );
  if (!result.created || !result.call_home_key)
    return (
      <div className="max-w-2xl space-y-4">
        <Notice>
          <p className="font-medium">This cluster is already registered</p>
          <p>
            Deployment id <span className="font-mono">{cluster.deployment_id}</span> is{" "}
            <Link to={link} className="font-medium underline underline-offset-2">
              {cluster.name}
            </Link>
            . Its call-home key is not shown again; rotate the key on its page to get a new one.
          </p>
        </Notice>
        <div className="flex flex-wrap gap-2">
          {open}
          {another}
        </div>
      </div>
    );
  return (
    <div className="max-w-3xl space-y-4">
      <CallHomeKeyPanel callHomeKey={result.call_home_key} clusterName={cluster.name} />
      <div className="flex flex-wrap gap-2">
        {open}
        {another}
      </div>
    </div>
  );
}

function Register({ accountId }: { accountId: number }) {
  const [result, setResult] = useState<TRegisterClusterResponse | null>(null);
  if (result) return <Registered result={result} onAnother={() => setResult(null)} />;
  return <RegisterForm accountId={accountId} onRegistered={setResult} />;
}

export default function RegisterClusterScreen() {
  const user = useCurrentUser();
  const info = user.data;
  const header = (
    <PageHeader
      title="Register cluster"
      description={
        info?.companyName
          ? `A cluster of ${info.companyName}, which then sends its health report every hour.`
          : "A storage cluster, which then sends its health report every hour."
      }
    />
  );
  if (user.isError)
    return (
      <>
        {header}
        <QueryError query={user} />
      </>
    );
  if (!info)
    return (
      <>
        {header}
        <FormSkeleton fields={3} label="Loading" />
      </>
    );
  const canManage = info.isEngineer || info.roles.includes("account_owner");
  return (
    <>
      {header}
      {info.accountId === null ? (
        <EmptyState
          icon={Building2}
          title="No organization chosen"
          description={<p>Choose an organization at the top of the page to register its cluster.</p>}
        />
      ) : !canManage ? (
        <EmptyState
          icon={ShieldAlert}
          title="Owners and engineers only"
          description={<p>{REGISTER_OWNERS_ONLY}</p>}
          action={
            <Link to="/health" className={buttonVariants({ variant: "secondary" })}>
              See the clusters
            </Link>
          }
        />
      ) : (
        // A new organization (the switcher) starts a new form.
        <Register key={info.accountId} accountId={info.accountId} />
      )}
    </>
  );
}
