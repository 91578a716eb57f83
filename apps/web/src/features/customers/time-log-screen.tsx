/**
 * /time-log (issue 16): the time one engineer logged on every organization between two days
 * (GET /api/auth/time-logs), "Me" by default over the current month, with the range's total.
 * Time is logged from an organization's page (its Actions menu or Time log tab), so the empty
 * state leads to Customers. Customers get the engineers-only placeholder.
 */
import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import Clock from "lucide-react/icons/clock";
import { useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button";
import { dateToIso } from "../../components/ui/date-picker";
import {
  DateRangeFilter,
  type DayRange,
  rangeProblemsFromError,
} from "../../components/ui/date-range-filter";
import { EmptyState } from "../../components/ui/empty-state";
import { EngineerScreen } from "../placeholders/engineer-screen";
import type { TTimeLogList } from "./account-api";
import { type EngineerChoice, EngineerPicker } from "./customer-filters";
import { type Column, PagedTab } from "./customer-tabs/tab-parts";
import { TIME_LOG_COLUMNS, TimeLogTotal } from "./customer-tabs/time-log-tab";
import { currentMonth, engineerTimeLogsQuery } from "./time-log-api";

const TITLE = "Time log";

type TTimeLog = TTimeLogList["items"][number];

/** The organization the time went to, opening on its own time log. */
const ORGANIZATION: Column<TTimeLog> = {
  header: "Organization",
  className: "min-w-36",
  cell: (log) => (
    <Link
      to={`/customers/${log.account_id}?tab=time-log`}
      className="font-medium text-link underline-offset-4 hover:underline"
    >
      {log.company}
    </Link>
  ),
};

/** The customer page's columns with the organization where the engineer was: one engineer is listed here. */
const COLUMNS = TIME_LOG_COLUMNS.map((column) => (column.header === "Engineer" ? ORGANIZATION : column));

function EngineerTimeLog({ selfId }: { selfId: number }) {
  const [engineer, setEngineer] = useState<EngineerChoice>({ userId: null, userName: null });
  const [dates, setDates] = useState<DayRange>(() => currentMonth());
  // While the fields are wrong nothing is asked and the list gives way to a hint.
  const [datesWrong, setDatesWrong] = useState(false);
  const [page, setPage] = useState(1);
  const today = dateToIso(new Date());

  const valid = !datesWrong;
  const range = { userId: engineer.userId ?? selfId, ...dates };
  const query = useQuery({ ...engineerTimeLogsQuery(range, page), enabled: valid });
  // The server checks the range too (its "today" may differ from this browser's): its answer
  // goes beside the field like the browser's own check.
  const refused = valid ? rangeProblemsFromError(query.error) : null;

  return (
    <div className="space-y-6">
      <fieldset aria-label="Time log filters" className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <EngineerPicker
          filter={engineer}
          selfId={selfId}
          onChange={(choice) => {
            setEngineer(choice);
            setPage(1);
          }}
        />
        <DateRangeFilter
          label="Dates"
          value={dates}
          today={today}
          presets={false}
          errors={refused}
          onChange={(next) => {
            setDates(next);
            setDatesWrong(false);
            setPage(1);
          }}
          onInvalid={() => setDatesWrong(true)}
        />
      </fieldset>
      {!valid || refused ? (
        <p className="text-sm text-muted-foreground">Correct the dates to see the time logged.</p>
      ) : (
        <PagedTab
          id="engineer-time-log"
          title="Entries"
          query={query}
          page={page}
          onPage={setPage}
          columns={COLUMNS}
          rowKey={(log) => log.id}
          summary={(logs) => <TimeLogTotal logs={logs} />}
          empty={
            <EmptyState
              icon={Clock}
              title="No time logged in these dates"
              description={
                <p>
                  Pick other dates or another engineer. Time is logged on an organization's page: open
                  Customers to log time on an organization.
                </p>
              }
              action={
                <Link to="/customers" className={buttonVariants({ variant: "secondary" })}>
                  Open Customers
                  <ArrowRight aria-hidden="true" />
                </Link>
              }
            />
          }
        />
      )}
    </div>
  );
}

export default function TimeLogScreen() {
  return (
    <EngineerScreen
      title={TITLE}
      description="The time an engineer logged on every organization, day by day, and the total."
    >
      {(user) => <EngineerTimeLog selfId={user.userId} />}
    </EngineerScreen>
  );
}
