/**
 * /end-subscription (§6, §7.1 cancel, undo-cancel, end/{id}; issue 14): what ending means, why
 * (a reason and optional feedback), confirmed, then POST cancel and back to /subscription. A
 * subscription already set to cancel shows when and why, with Undo. Engineers may also end it
 * now, after typing the organization's name. Whoever may not manage it reads the reason.
 */
import { useQuery } from "@tanstack/react-query";
import Ban from "lucide-react/icons/ban";
import CalendarX from "lucide-react/icons/calendar-x";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ErrorAlert, Notice, QueryError } from "../../components/ui/alert";
import { ConfirmDialog } from "../../components/ui/alert-dialog";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { RadioGroup } from "../../components/ui/radio-group";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { formatWhen } from "../files/format";
import {
  cancelDateIn,
  cancelInfoQuery,
  subscriptionApi,
  subscriptionQuery,
  type TSubscriptionDetail,
  type TSubscriptionResponse,
  useSubscriptionChange,
} from "./api";
import {
  CANCEL_REASON_LABELS,
  CANCEL_REASON_OPTIONS,
  type CancelReason,
  formatDay,
  OrganizationGate,
  Term,
} from "./subscription-parts";

const TITLE = "End subscription";
const BREADCRUMBS = [{ label: "Subscription", to: "/subscription" }, { label: TITLE }];
const FEEDBACK_MAX = 2000;

function WhatEndingMeans({ subscription }: { subscription: TSubscriptionDetail }) {
  const end = formatDay(subscription.current_period_end);
  return (
    <Card>
      <CardHeader>
        <CardTitle>What ending means</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 pl-5 text-sm text-foreground">
          <li>
            The subscription runs to the end of the term you paid for, {end}. Nothing more is charged, and you
            can undo the cancellation until then.
          </li>
          <li>
            On {end} the licence expires: your clusters are no longer covered by the commercial licence, and
            Portico's engineers no longer answer your issues.
          </li>
          <li>
            After that, the storage software may only be used under the GNU AGPL v3, whose terms (among them,
            publishing the source of your changes to anyone you serve over a network) then apply to you.
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function CancelForm({ accountId, subscription }: { accountId: number; subscription: TSubscriptionDetail }) {
  const navigate = useNavigate();
  const [reason, setReason] = useState<CancelReason | "">("");
  const [feedback, setFeedback] = useState("");
  const cancel = useSubscriptionChange(
    (body: { reason: CancelReason; feedback: string }) => subscriptionApi.cancel(accountId, body),
    (answer) =>
      `Your subscription is set to cancel. It ends on ${formatDay(cancelDateIn(answer) ?? subscription.current_period_end)}.`,
  );
  const confirm = async () => {
    if (!reason) return;
    try {
      await cancel.mutateAsync({ reason, feedback: feedback.trim() });
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
    navigate("/subscription");
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Cancel the subscription</CardTitle>
        <CardDescription>Tell us why: it helps us do better.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <RadioGroup
          label="Why are you leaving?"
          options={CANCEL_REASON_OPTIONS}
          value={reason}
          onValueChange={(value) => setReason(value as CancelReason)}
        />
        <TextareaField
          label="Anything else we should know? (optional)"
          value={feedback}
          maxLength={FEEDBACK_MAX}
          onChange={(event) => setFeedback(event.target.value)}
          hint={`${feedback.length} of ${FEEDBACK_MAX} characters`}
        />
        <ErrorAlert>{cancel.isError ? errorMessage(cancel.error) : null}</ErrorAlert>
        <div className="flex flex-wrap items-center gap-3">
          <ConfirmDialog
            trigger={
              <Button variant="danger" disabled={!reason}>
                Cancel subscription
              </Button>
            }
            title="Cancel the subscription?"
            description={`It runs until ${formatDay(subscription.current_period_end)} and then ends; the licence expires that day. You can undo this until then.`}
            confirmLabel="Cancel subscription"
            cancelLabel="Keep subscription"
            onConfirm={confirm}
          />
          <Link to="/subscription" className={buttonVariants({ variant: "secondary" })}>
            Keep subscription
          </Link>
          {!reason && <p className="text-sm text-muted-foreground">Choose a reason to continue.</p>}
        </div>
      </CardContent>
    </Card>
  );
}

function ScheduledCancel({
  accountId,
  canUndo,
  subscription,
}: {
  accountId: number;
  canUndo: boolean;
  subscription: TSubscriptionDetail;
}) {
  const info = useQuery(cancelInfoQuery(accountId));
  const undo = useSubscriptionChange(
    () => subscriptionApi.undoCancel(accountId),
    () => "The cancellation has been undone.",
  );
  const cancelAt = info.data?.cancel_at ?? subscription.cancel_at;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Set to cancel</CardTitle>
        <CardDescription>This subscription ends on {formatDay(cancelAt)}.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {info.isError ? (
          <QueryError query={info} />
        ) : info.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            <Term label="Reason">{info.data.reason ? CANCEL_REASON_LABELS[info.data.reason] : "—"}</Term>
            <Term label="Requested">
              {info.data.requested_at ? formatWhen(info.data.requested_at) : "—"}
              {info.data.requested_by ? ` by ${info.data.requested_by}` : ""}
            </Term>
            {info.data.feedback && (
              <Term label="Feedback" className="sm:col-span-2">
                <span className="whitespace-pre-wrap">{info.data.feedback}</span>
              </Term>
            )}
          </dl>
        )}
        {canUndo && (
          <Button busy={undo.isPending} onClick={() => undo.mutate()}>
            <RotateCcw aria-hidden="true" />
            Undo cancellation
          </Button>
        )}
        <ErrorAlert>{undo.isError ? errorMessage(undo.error) : null}</ErrorAlert>
      </CardContent>
    </Card>
  );
}

/** Engineers: end at once, after typing the organization's name (no undo from here). */
function EndNow({
  accountId,
  company,
  subscription,
}: {
  accountId: number;
  company: string;
  subscription: TSubscriptionDetail;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const end = useSubscriptionChange(
    () => subscriptionApi.endNow(accountId, subscription.id),
    () => `The subscription of ${company} has ended.`,
  );
  const matches = typed.trim() === company;
  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>End now (engineers)</CardTitle>
        <CardDescription>
          Ends the subscription at once instead of at the end of the term, and the licence expires now.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Ban aria-hidden="true" />
          End now
        </Button>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (end.isPending) return;
            setOpen(next);
            setTyped("");
            end.reset();
          }}
        >
          <DialogContent>
            <DialogHeader>
              <DialogTitle>End the subscription of {company} now?</DialogTitle>
              <DialogDescription>
                It ends immediately, not on {formatDay(subscription.current_period_end)}. The licence expires
                now, its clusters are no longer covered, and nothing is refunded from here. This cannot be
                undone.
              </DialogDescription>
            </DialogHeader>
            <form
              className="grid gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                if (!matches) return;
                end.mutate(undefined, { onSuccess: () => navigate("/subscription") });
              }}
            >
              <TextField
                label="Type the organization's name to confirm"
                autoComplete="off"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                hint={company}
              />
              <ErrorAlert>{end.isError ? errorMessage(end.error) : null}</ErrorAlert>
              <DialogFooter>
                <Button
                  variant="secondary"
                  type="button"
                  onClick={() => setOpen(false)}
                  disabled={end.isPending}
                >
                  Keep subscription
                </Button>
                <Button variant="danger" type="submit" disabled={!matches} busy={end.isPending}>
                  End subscription now
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

function EndSubscription({ accountId, data }: { accountId: number; data: TSubscriptionResponse }) {
  const { subscription, abilities } = data;
  if (!subscription)
    return (
      <EmptyState
        icon={CalendarX}
        title="No subscription to end"
        description={<p>{data.company} has no subscription.</p>}
        action={
          <Link to="/subscription" className={buttonVariants({ variant: "secondary" })}>
            Back to Subscription
          </Link>
        }
      />
    );
  if (subscription.status === "canceled")
    return (
      <EmptyState
        icon={CalendarX}
        title="This subscription has ended"
        description={
          <p>It ended on {formatDay(subscription.ended_at ?? subscription.current_period_end)}.</p>
        }
        action={
          abilities.resubscribe ? (
            <Link to="/upgrade-subscription?resubscribe=1" className={buttonVariants()}>
              Resubscribe
            </Link>
          ) : (
            <Link to="/subscription" className={buttonVariants({ variant: "secondary" })}>
              Back to Subscription
            </Link>
          )
        }
      />
    );
  return (
    <>
      {subscription.cancel_at ? (
        <ScheduledCancel accountId={accountId} canUndo={abilities.manage} subscription={subscription} />
      ) : (
        <>
          <WhatEndingMeans subscription={subscription} />
          {abilities.manage ? (
            <CancelForm accountId={accountId} subscription={subscription} />
          ) : (
            <Notice>
              <p>{abilities.reason ?? "You cannot cancel this subscription."}</p>
            </Notice>
          )}
        </>
      )}
      {abilities.end && <EndNow accountId={accountId} company={data.company} subscription={subscription} />}
    </>
  );
}

function OrganizationEndSubscription({ accountId }: { accountId: number }) {
  const query = useQuery(subscriptionQuery(accountId));
  return (
    <>
      <PageHeader
        title={TITLE}
        breadcrumbs={BREADCRUMBS}
        description={query.data ? `The subscription of ${query.data.company}.` : undefined}
      />
      <div className="space-y-6">
        {query.isError ? (
          <QueryError query={query} />
        ) : query.data ? (
          <EndSubscription accountId={accountId} data={query.data} />
        ) : (
          <EndLoading />
        )}
      </div>
    </>
  );
}

function EndLoading() {
  return (
    <LoadingRegion label="Loading the subscription" className="space-y-4">
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </LoadingRegion>
  );
}

export default function EndSubscriptionScreen() {
  return (
    <OrganizationGate title={TITLE} breadcrumbs={BREADCRUMBS} what="subscription" loading={<EndLoading />}>
      {(info) => <OrganizationEndSubscription key={info.accountId} accountId={info.accountId} />}
    </OrganizationGate>
  );
}
