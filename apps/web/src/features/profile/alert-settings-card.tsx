/**
 * The profile's Alerts card (spec §7.1 alert types, categories and subscriptions): every alert
 * type the viewer can get, grouped by category, each with a switch that applies at once.
 * Mandatory types (panics, revised terms) are shown on, disabled, "Always on".
 */
import { ALERT_TYPES, type AlertType } from "@portico/shared/schemas/alerts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { InlineError } from "../../components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch";
import { toast } from "../../components/ui/toast";
import {
  alertCategoriesQuery,
  alertSubscriptionsQuery,
  alertsApi,
  alertsError,
  alertTypeName,
  type TAlertSubscription,
} from "../alerts/api";

function SettingsSkeleton() {
  return (
    <LoadingRegion label="Loading your alert settings" className="space-y-4">
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders that never reorder
        <div key={index} className="flex items-center justify-between gap-4">
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-5 w-9 rounded-full" />
        </div>
      ))}
    </LoadingRegion>
  );
}

function SubscriptionSwitch({ subscription }: { subscription: TAlertSubscription }) {
  const queryClient = useQueryClient();
  const name = alertTypeName(subscription.type);
  const change = useMutation({
    mutationFn: (enabled: boolean) => alertsApi.subscribe(subscription.type, enabled),
    onSuccess: (list, enabled) => {
      queryClient.setQueryData(alertSubscriptionsQuery.queryKey, list);
      toast.success(enabled ? `${name}: on.` : `${name}: off.`);
    },
    onError: (error) => toast.error(alertsError(error)),
  });
  return (
    <SwitchField
      label={name}
      {...(subscription.mandatory ? { description: "Always on" } : {})}
      checked={subscription.mandatory || subscription.enabled}
      disabled={subscription.mandatory || change.isPending}
      onCheckedChange={(on) => change.mutate(on)}
    />
  );
}

export function AlertSettingsCard() {
  const subscriptions = useQuery(alertSubscriptionsQuery);
  const categories = useQuery(alertCategoriesQuery);
  const failed = subscriptions.isError ? subscriptions : categories.isError ? categories : null;
  const byType = new Map<AlertType, TAlertSubscription>((subscriptions.data ?? []).map((s) => [s.type, s]));
  const groups = (categories.data ?? [])
    .map((category) => ({
      ...category,
      items: [...byType.values()].filter((s) => ALERT_TYPES[s.type].category === category.category),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <Card id="alerts">
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>Choose what the bell and desktop notifications tell you about.</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <InlineError
            message={alertsError(failed.error ?? { error: "" })}
            onRetry={() => {
              void subscriptions.refetch();
              void categories.refetch();
            }}
            retrying={subscriptions.isFetching || categories.isFetching}
          />
        ) : !subscriptions.data || !categories.data ? (
          <SettingsSkeleton />
        ) : (
          <div className="space-y-6">
            {groups.map((group) => (
              <fieldset key={group.category} className="space-y-4">
                <legend className="mb-3 text-sm font-semibold text-muted-foreground">{group.name}</legend>
                {group.items.map((subscription) => (
                  <SubscriptionSwitch key={subscription.type} subscription={subscription} />
                ))}
              </fieldset>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
