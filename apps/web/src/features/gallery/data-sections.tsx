import { ISSUE_STATUSES } from "@portico/shared/rules/issue-status";
import Inbox from "lucide-react/icons/inbox";
import Plus from "lucide-react/icons/plus";
import { useEffect, useMemo, useState } from "react";
import { Avatar } from "../../components/ui/avatar";
import { Badge, StatusBadge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { DataTable, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { PageHeader } from "../../components/ui/page-header";
import { Example, GallerySection } from "./gallery-screen";

interface Customer {
  id: number;
  company: string;
  plan: string;
  users: number;
  created: string;
}

const PLANS = ["STANDARD", "ENTERPRISE", "ENTERPRISE-PLUS", "TRIAL"];
const col = dataTableColumns<Customer>();
const columns = [
  col.accessor("company", { header: "Company" }),
  col.accessor("plan", { header: "Plan", cell: (info) => <Badge variant="info">{info.getValue()}</Badge> }),
  col.accessor("users", { header: "Users", meta: { numeric: true } }),
  col.accessor("created", { header: "Created" }),
];

function customers(count: number): Customer[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    company: `customer-${String(i + 1).padStart(4, "0")}`,
    plan: PLANS[i % PLANS.length] ?? "STANDARD",
    users: (i * 37) % 90,
    created: `2025-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
  }));
}

/** A picture as an object URL, as the app shows pictures fetched with the bearer token. */
function usePictureUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0ea5e9"/><circle cx="20" cy="16" r="7" fill="#e0f2fe"/><rect x="8" y="26" width="24" height="14" rx="7" fill="#e0f2fe"/></svg>`;
    const created = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, []);
  return url;
}

export function DataSections() {
  const few = useMemo(() => customers(120), []);
  const many = useMemo(() => customers(5000), []);
  const picture = usePictureUrl();
  return (
    <>
      <GallerySection id="display" title="Display">
        <Example label="Issue status badges (spec §4), panic, and tones">
          {ISSUE_STATUSES.map((status) => (
            <StatusBadge key={status} status={status} />
          ))}
          <StatusBadge status="open" panic />
          <Badge>Neutral</Badge>
          <Badge variant="outline">Outline</Badge>
          <Badge variant="success">Active</Badge>
          <Badge variant="warning">Past due</Badge>
          <Badge variant="danger">Canceled</Badge>
        </Example>
        <Example label="Avatars: picture, initials, sizes">
          <Avatar name="Ada Lovelace" src={picture} label="Ada Lovelace" size="lg" />
          <Avatar name="Ada Lovelace" size="lg" label="Ada Lovelace" />
          <Avatar name="Grace Hopper" />
          <Avatar name="Linus" size="sm" />
        </Example>
        <Example label="Card">
          <Card className="w-full max-w-md">
            <CardHeader>
              <CardTitle as="h3">Subscription</CardTitle>
              <CardDescription>Enterprise, 120 TiB, renews on 01-07-2026.</CardDescription>
            </CardHeader>
            <CardContent className="text-sm">Support answers within one hour, day and night.</CardContent>
            <CardFooter>
              <Button size="sm">Upgrade</Button>
              <Button size="sm" variant="ghost">
                See invoices
              </Button>
            </CardFooter>
          </Card>
        </Example>
        <Example label="Page header with breadcrumbs and actions (an h1 on screens)">
          <div className="w-full rounded-lg border p-4">
            <PageHeader
              as="h2"
              className="mb-0 sm:mb-0"
              breadcrumbs={[{ label: "Customers", to: "/customers" }, { label: "acme" }]}
              title="acme"
              description="The header of a nested screen."
              actions={
                <Button size="sm">
                  <Plus aria-hidden="true" /> Invite user
                </Button>
              }
            />
          </div>
        </Example>
      </GallerySection>

      <GallerySection id="tables" title="Tables">
        <Example label="Sorting, column visibility, pages (120 rows)">
          <DataTable
            className="w-full"
            label="Customers"
            columns={columns}
            data={few}
            getRowId={(c) => String(c.id)}
            pageSize={10}
            initialHidden={["created"]}
          />
        </Example>
        <Example label="Virtualized (5,000 rows, only those in view are in the page)">
          <DataTable
            className="w-full"
            label="All customers"
            columns={columns}
            data={many}
            getRowId={(c) => String(c.id)}
            virtualize={{ height: 360 }}
          />
        </Example>
        <Example label="Loading and empty">
          <DataTable className="w-full" label="Loading customers" columns={columns} data={[]} loading />
          <DataTable
            className="w-full"
            label="No customers"
            columns={columns}
            data={[]}
            empty={
              <EmptyState
                icon={Inbox}
                title="No customers match"
                description={<p>Try another plan or clear the filters.</p>}
                action={<Button variant="secondary">Clear filters</Button>}
              />
            }
          />
        </Example>
      </GallerySection>
    </>
  );
}
