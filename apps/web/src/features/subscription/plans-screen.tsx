/**
 * /plans (vendor engineers): the catalogue as it is sold — each product's plans with SLA,
 * coverage, minimum quantity, self-serve cap and prices in USD and EUR — and, on demand, every
 * earlier version. Vendor admins edit a plan's current version (a new version; see
 * plan-edit-dialog.tsx); other engineers read it.
 */
import { formatMoney } from "@portico/shared/rules/billing";
import { useQuery } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import { useMemo, useState } from "react";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import { LoadingRegion, Skeleton } from "../../components/ui/skeleton";
import { SwitchField } from "../../components/ui/switch";
import { useCurrentUser } from "../../lib/current-user";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { COVERAGE_LABELS, PlanEditDialog } from "./plan-edit-dialog";
import { productsWithPlansQuery, type TPlan, type TProductWithPlans } from "./plans-api";

const TITLE = "Plans";

const col = dataTableColumns<TPlan>();

function planColumns(onEdit: ((plan: TPlan) => void) | null): DataTableColumn<TPlan>[] {
  const columns: DataTableColumn<TPlan>[] = [
    col.accessor("plan", {
      header: "Plan",
      cell: (info) => <span className="font-medium">{info.getValue()}</span>,
    }),
    col.accessor("plan_version", {
      header: "Version",
      cell: (info) => (
        <span className="flex items-center gap-2">
          {info.getValue()}
          {info.row.original.is_current ? (
            <Badge variant="success">Current</Badge>
          ) : (
            <Badge variant="neutral">Earlier</Badge>
          )}
        </span>
      ),
    }),
    col.accessor("sla_hours", {
      header: "SLA",
      cell: (info) => `${info.getValue()} h`,
      meta: { numeric: true },
    }),
    col.accessor("sla_coverage", {
      header: "Coverage",
      cell: (info) => COVERAGE_LABELS[info.row.original.sla_coverage],
    }),
    col.accessor("min_quantity", {
      header: "Minimum",
      cell: (info) => `${info.getValue()} TiB`,
      meta: { numeric: true },
    }),
    col.accessor("self_serve_cap_tib", {
      header: "Self-serve cap",
      cell: (info) => (info.getValue() === 0 ? "Sales only" : `${info.getValue()} TiB`),
      meta: { numeric: true },
    }),
    col.accessor((row) => row.price_per_tib_month.USD, {
      id: "usd",
      header: "USD per TiB/month",
      cell: (info) => formatMoney(info.getValue(), "USD"),
      meta: { numeric: true },
    }),
    col.accessor((row) => row.price_per_tib_month.EUR, {
      id: "eur",
      header: "EUR per TiB/month",
      cell: (info) => formatMoney(info.getValue(), "EUR"),
      meta: { numeric: true },
    }),
  ];
  if (onEdit) {
    columns.push(
      col.display({
        id: "edit",
        header: () => <span className="sr-only">Actions</span>,
        meta: { label: "Actions" },
        enableHiding: false,
        cell: (info) =>
          info.row.original.is_current ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit ${info.row.original.plan}`}
              onClick={() => onEdit(info.row.original)}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null,
      }),
    );
  }
  return columns;
}

function ProductCard({
  product,
  columns,
}: {
  product: TProductWithPlans;
  columns: DataTableColumn<TPlan>[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{product.name}</CardTitle>
        <CardDescription>
          {product.description} Priced per {product.unit} per month, billed a year at a time.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          label={`Plans of ${product.name}`}
          columns={columns}
          data={product.plans}
          getRowId={(row) => String(row.plan_id)}
          pageSize={100}
          empty={<p className="py-6 text-center text-sm text-muted-foreground">No plans yet.</p>}
        />
      </CardContent>
    </Card>
  );
}

function Catalogue({ isAdmin }: { isAdmin: boolean }) {
  const [allVersions, setAllVersions] = useState(false);
  const [editing, setEditing] = useState<TPlan | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const catalogue = useQuery(productsWithPlansQuery(allVersions));
  const columns = useMemo(
    () =>
      planColumns(
        isAdmin
          ? (plan) => {
              setEditing(plan);
              setEditOpen(true);
            }
          : null,
      ),
    [isAdmin],
  );

  return (
    <div className="space-y-6">
      <SwitchField
        className="max-w-md"
        label="Show earlier versions"
        description="Subscriptions keep the version they bought until they change or renew."
        checked={allVersions}
        onCheckedChange={setAllVersions}
      />
      {catalogue.isError ? (
        <QueryError query={catalogue} />
      ) : !catalogue.data ? (
        <LoadingRegion label="Loading the plans" className="space-y-4">
          <Skeleton className="h-64 w-full" />
        </LoadingRegion>
      ) : (
        catalogue.data.map((product) => (
          <ProductCard key={product.product_id} product={product} columns={columns} />
        ))
      )}
      {isAdmin && <PlanEditDialog plan={editing} open={editOpen} onOpenChange={setEditOpen} />}
    </div>
  );
}

export default function PlansScreen() {
  const isAdmin = useCurrentUser().data?.roles.includes("admin") ?? false;
  return (
    <EngineerScreen
      title={TITLE}
      description={
        isAdmin
          ? "The catalogue customers buy from. Editing a plan makes its next version."
          : "The catalogue customers buy from. Vendor admins can edit it."
      }
    >
      {() => <Catalogue isAdmin={isAdmin} />}
    </EngineerScreen>
  );
}
