/**
 * /meetings: the meetings of every issue the viewer may read (GET /api/chat/meetings), Upcoming
 * (soonest first) or Past (newest first), each linking to its issue; "Join" on upcoming ones.
 * Meetings are scheduled from an issue's side panel.
 */
import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarDays from "lucide-react/icons/calendar-days";
import { useState } from "react";
import { Link } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { buttonVariants } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Pager } from "../../components/ui/pager";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useCurrentUser } from "../../lib/current-user";
import { MeetingCard } from "../conversations/components/meetings-panel";
import { MEETINGS_PAGE_SIZE, meetingListQuery } from "../conversations/planning-api";

type Tab = "upcoming" | "past";
const TABS: readonly Tab[] = ["upcoming", "past"];
const TAB_LABELS: Record<Tab, string> = { upcoming: "Upcoming", past: "Past" };

function MeetingList({ when, canCancel }: { when: Tab; canCancel: boolean }) {
  const [page, setPage] = useState(1);
  const meetings = useQuery(meetingListQuery(when, page));
  if (meetings.isError) return <QueryError query={meetings} />;
  if (meetings.isPending)
    return (
      <LoadingRegion label="Loading meetings" className="space-y-2">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  const { items, total } = meetings.data;
  if (items.length === 0)
    return (
      <EmptyState
        icon={CalendarDays}
        title={when === "upcoming" ? "No upcoming meetings" : "No past meetings"}
        description={
          canCancel
            ? "Schedule a meeting from an issue's details panel."
            : "Meetings your engineers schedule about your issues show here."
        }
        action={
          <Link to="/issues" className={buttonVariants({ variant: "secondary" })}>
            Go to Issues
            <ArrowRight aria-hidden="true" />
          </Link>
        }
      />
    );
  const pages = Math.max(1, Math.ceil(total / MEETINGS_PAGE_SIZE));
  return (
    <div className="space-y-3">
      <ul aria-label={`${TAB_LABELS[when]} meetings`} className="grid gap-3 md:grid-cols-2">
        {items.map((meeting) => (
          <li key={meeting.id}>
            <MeetingCard meeting={meeting} canCancel={canCancel} showIssue />
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

export default function MeetingsScreen() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<Tab>("upcoming");
  return (
    <>
      <PageHeader title="Meetings" description="Calls about your issues, planned and held." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Which meetings">
          {TABS.map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          // Every panel exists (each tab controls one); only the chosen one is filled.
          <TabsContent key={t} value={t} forceMount hidden={t !== tab}>
            {t === tab && <MeetingList when={t} canCancel={user?.isEngineer ?? false} />}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
