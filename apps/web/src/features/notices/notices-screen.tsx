/**
 * /notifications (engineers; issue 17, spec §7.1 notices): the notifications sent, newest first
 * (GET notices, searched by title, paged), each with its audience, sender, status, how many got
 * it, were e-mailed and have read it; Details shows the message and the chosen organizations or
 * users (GET notices/:id). "Send notification" opens the send dialog. While one is still being
 * delivered, the list (and its details) is read again every 2 seconds until it is sent.
 */
import { useQuery } from "@tanstack/react-query";
import Megaphone from "lucide-react/icons/megaphone";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { InlineError, QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Pager } from "../../components/ui/pager";
import { useReturnFocus } from "../../components/ui/use-return-focus";
import { formatWhen } from "../files/format";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { useDebouncedValue } from "../search/use-debounced-value";
import { NOTICES_PAGE_SIZE, noticeListQuery, noticeQuery, noticesError, type TNotice } from "./api";
import { audienceSummary, formatCount, readText, STATUS_LABELS } from "./format";
import { SEND_NOTICE_TITLE, SendNoticeDialog } from "./send-notice-dialog";

export const NOTICES_TITLE = "Notifications";
const SEARCH_DEBOUNCE_MS = 300;

const STATUS_VARIANTS = { sending: "info", sent: "success", failed: "danger" } as const;

export function NoticeStatus({ status }: { status: TNotice["status"] }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}

function columns(onDetails: (notice: TNotice) => void): DataTableColumn<TNotice>[] {
  const col = dataTableColumns<TNotice>();
  return [
    col.accessor("title", {
      header: "Title",
      enableSorting: false,
      cell: (info) => (
        <button
          type="button"
          className="max-w-72 min-w-40 cursor-pointer text-left font-medium break-words text-link underline-offset-4 hover:underline"
          onClick={() => onDetails(info.row.original)}
        >
          {info.getValue()}
        </button>
      ),
    }),
    col.accessor((notice) => audienceSummary(notice), {
      id: "audience",
      header: "Audience",
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
    }),
    col.accessor((notice) => notice.sent_by.name, { id: "sent_by", header: "Sent by", enableSorting: false }),
    col.accessor("created_at", {
      header: "Sent at",
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{formatWhen(info.getValue())}</span>,
    }),
    col.accessor("status", {
      header: "Status",
      enableSorting: false,
      cell: (info) => <NoticeStatus status={info.getValue()} />,
    }),
    col.accessor("recipient_count", {
      header: "Recipients",
      enableSorting: false,
      meta: { numeric: true },
      cell: (info) => formatCount(info.getValue()),
    }),
    col.accessor("emailed_count", {
      header: "E-mailed",
      enableSorting: false,
      meta: { numeric: true },
      cell: (info) => (info.row.original.send_email ? formatCount(info.getValue()) : "No e-mail"),
    }),
    col.accessor((notice) => readText(notice), {
      id: "read",
      header: "Read",
      enableSorting: false,
      cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
    }),
  ];
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Recipients({ notice }: { notice: TNotice }) {
  const headingId = useId();
  if (notice.audience === "everyone") return <p>Everyone: every user of Portico, customers and engineers.</p>;
  const organizations = notice.audience === "accounts";
  return (
    <section aria-labelledby={headingId} className="space-y-1.5">
      <h3 id={headingId} className="font-medium">
        {organizations ? "Organizations" : "Users"}
      </h3>
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-3">
        {organizations
          ? notice.accounts.map((account) => (
              <li key={account.account_id}>
                <Link
                  to={`/customers/${account.account_id}`}
                  className="text-link underline-offset-4 hover:underline"
                >
                  {account.company}
                </Link>
              </li>
            ))
          : notice.users.map((user) => (
              <li key={user.user_id} className="break-words">
                {user.name} <span className="text-muted-foreground">({user.email})</span>
              </li>
            ))}
      </ul>
    </section>
  );
}

function NoticeDetails({ shown }: { shown: TNotice }) {
  // The row's copy at once; the server's, kept fresh while it is being delivered.
  const detail = useQuery({ ...noticeQuery(shown.id), placeholderData: shown });
  if (detail.isError) return <QueryError query={detail} message={noticesError(detail.error)} />;
  const notice = detail.data ?? shown;
  return (
    <div className="space-y-4 text-sm">
      <p className="max-h-64 overflow-y-auto rounded-md border bg-muted/40 p-3 whitespace-pre-wrap break-words">
        {notice.body}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <Detail label="Status">
          <NoticeStatus status={notice.status} />
        </Detail>
        <Detail label="Sent by">{notice.sent_by.name}</Detail>
        <Detail label="Sent at">{formatWhen(notice.created_at)}</Detail>
        <Detail label="Finished">{notice.finished_at ? formatWhen(notice.finished_at) : "Not yet"}</Detail>
        <Detail label="Recipients">{formatCount(notice.recipient_count)}</Detail>
        <Detail label="E-mailed">
          {notice.send_email ? formatCount(notice.emailed_count) : "No e-mail"}
        </Detail>
        <Detail label="Read">{readText(notice)}</Detail>
      </dl>
      <Recipients notice={notice} />
    </div>
  );
}

function DetailsDialog({ notice, onClose }: { notice: TNotice | null; onClose: () => void }) {
  const open = notice !== null;
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent onCloseAutoFocus={returnFocus} className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="break-words">{notice?.title ?? "Notification"}</DialogTitle>
          <DialogDescription>{notice ? `To ${audienceSummary(notice).toLowerCase()}` : ""}</DialogDescription>
        </DialogHeader>
        {notice && <NoticeDetails shown={notice} />}
      </DialogContent>
    </Dialog>
  );
}

function Notices({ onSend }: { onSend: () => void }) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [shown, setShown] = useState<TNotice | null>(null);
  const searchId = useId();
  const list = useQuery(noticeListQuery(page, q));
  const table = useMemo(() => columns(setShown), []);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / NOTICES_PAGE_SIZE));
  const searching = q !== "";

  return (
    <div className="space-y-4">
      <div className="flex max-w-sm flex-col gap-1">
        <label htmlFor={searchId} className="text-xs font-medium text-muted-foreground">
          Search
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Title contains…"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {list.isError ? (
        <InlineError
          message={noticesError(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <>
          <DataTable
            label="Notifications"
            columns={table}
            data={list.data?.items ?? []}
            getRowId={(notice) => String(notice.id)}
            loading={list.isPending}
            pageSize={NOTICES_PAGE_SIZE}
            empty={
              searching ? (
                <EmptyState
                  icon={Megaphone}
                  title="No notification matches your search"
                  description={<p>Try other words, or clear the search to see every notification.</p>}
                  action={
                    <Button variant="secondary" onClick={() => setSearch("")}>
                      Clear search
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={Megaphone}
                  title="No notifications sent yet"
                  description={
                    <p>
                      Tell customers about a release, planned work or an incident: they see it in their alerts
                      and, if you choose, by e-mail.
                    </p>
                  }
                  action={<Button onClick={onSend}>{SEND_NOTICE_TITLE}</Button>}
                />
              )
            }
          />
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
      <DetailsDialog notice={shown} onClose={() => setShown(null)} />
    </div>
  );
}

export default function NoticesScreen() {
  const [sending, setSending] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);
  return (
    <EngineerScreen
      title={NOTICES_TITLE}
      description="Messages to customers and engineers: in their alerts and, if you choose, by e-mail."
      actions={() => (
        <Button ref={sendButton} onClick={() => setSending(true)}>
          <Megaphone aria-hidden="true" />
          {SEND_NOTICE_TITLE}
        </Button>
      )}
    >
      {() => (
        <>
          <Notices onSend={() => setSending(true)} />
          <SendNoticeDialog open={sending} onOpenChange={setSending} fallbackFocus={sendButton} />
        </>
      )}
    </EngineerScreen>
  );
}
