/**
 * The registration key (§7.1 api-key; owners and engineers): one per organization, which a new
 * cluster's first `POST /api/cluster/register` call sends. Only its hint is kept readable; a new
 * key replaces the old one at once and is shown this once, with the register call using it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import KeySquare from "lucide-react/icons/key-square";
import RotateCw from "lucide-react/icons/rotate-cw";
import { useRef, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { CodeSnippet, SecretOnce } from "../../components/ui/secret-once";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { formatWhen } from "../files/format";
import {
  apiTokenKeys,
  apiTokensApi,
  registerCommand,
  registrationKeyQuery,
  type TRegistrationKeyIssued,
} from "./api";

export function RegistrationKeyCard({ accountId }: { accountId: number }) {
  const queryClient = useQueryClient();
  const info = useQuery(registrationKeyQuery(accountId));
  const [issued, setIssued] = useState<TRegistrationKeyIssued | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const create = useMutation({
    mutationFn: () => apiTokensApi.newRegistrationKey(accountId),
    onSuccess: (key) => {
      setIssued(key);
      queryClient.setQueryData(apiTokenKeys.registrationKey(accountId), {
        hint: key.hint,
        created_at: key.created_at,
      });
      toast.success("A new registration key has been created.");
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const hasKey = !!info.data?.hint;
  return (
    <Card>
      <CardHeader>
        {/* A plain h2 (CardTitle's look) so focus can come back to it when the key is hidden. */}
        <h2 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          Registration key
        </h2>
        <CardDescription>
          One key for the organization, which a new cluster sends when it registers itself. Unlike API tokens
          it can do nothing else.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {info.isError ? (
          <QueryError query={info} />
        ) : info.isPending ? (
          <LoadingRegion label="Loading the registration key">
            <Skeleton className="h-9 w-full max-w-sm" />
          </LoadingRegion>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            {hasKey ? (
              <p className="text-sm text-foreground">
                <span className="font-mono break-all">{info.data.hint}</span>
                {info.data.created_at && (
                  <span className="text-muted-foreground"> · created {formatWhen(info.data.created_at)}</span>
                )}
              </p>
            ) : (
              <p className="text-sm text-muted-foreground">No registration key yet.</p>
            )}
            {hasKey ? (
              <ConfirmDialog
                trigger={
                  <Button variant="secondary" busy={create.isPending}>
                    <RotateCw aria-hidden="true" />
                    Rotate key
                  </Button>
                }
                title="Rotate the registration key?"
                description="The old key stops working at once: a cluster not yet registered must use the new one. Clusters already registered keep working."
                confirmLabel="Rotate key"
                onConfirm={() => create.mutateAsync()}
              />
            ) : (
              <Button busy={create.isPending} onClick={() => create.mutate()}>
                <KeySquare aria-hidden="true" />
                Create key
              </Button>
            )}
          </div>
        )}
        {issued && (
          <SecretOnce
            title="New registration key"
            secret={issued.key}
            secretLabel="Registration key"
            headingLevel="h3"
            focusOnShow
          >
            <CodeSnippet
              label="Register a cluster with it"
              text={registerCommand(issued.key)}
              copyLabel="Copy the register command"
            />
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setIssued(null);
                heading.current?.focus();
              }}
            >
              Hide the key
            </Button>
          </SecretOnce>
        )}
      </CardContent>
    </Card>
  );
}
