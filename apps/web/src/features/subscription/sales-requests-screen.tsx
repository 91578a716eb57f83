/**
 * /sales-requests (vendor engineers): the contact-sales forms customers sent from the upgrade
 * screen (above the self-serve cap, or a plan sold through sales), newest first as the server
 * pages them, with whether each was forwarded to the external sales address.
 */
import { useQuery } from "@tanstack/react-query";
import Inbox from "lucide-react/icons/inbox";
import { useSearchParams } from "react-router";
import { QueryError } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { DataTable, type DataTableColumn, dataTableColumns } from "../../components/ui/data-table";
import { EmptyState } from "../../components/ui/empty-state";
import { Pager } from "../../components/ui/pager";
import { formatWhen } from "../files/format";
import { EngineerScreen } from "../placeholders/engineer-screen";
import { SALES_REQUESTS_PAGE_SIZE, salesRequestsQuery, type TSalesRequestRow } from "./plans-api";

const TITLE = "Sales requests";

const col = dataTableColumns<TSalesRequestRow>();
const COLUMNS: DataTableColumn<TSalesRequestRow>[] = [
  col.accessor("created_at", {
    header: "Date",
    cell: (info) => formatWhen(info.getValue()),
    sortFn: "datetime",
  }),
  col.accessor("company", {
    header: "Company",
    cell: (info) => info.getValue() ?? <span className="text-muted-foreground">No organization</span>,
  }),
  col.accessor("requested_by", {
    header: "Requester",
    cell: (info) => info.getValue() ?? <span className="text-muted-foreground">Unknown</span>,
  }),
  col.accessor("service_type", { header: "Plan" }),
  col.accessor("capacity_tib", {
    header: "Capacity",
    cell: (info) => `${info.getValue()} TiB`,
    meta: { numeric: true },
  }),
  col.accessor("email", {
    header: "Contact",
    enableSorting: false,
    cell: (info) => {
      const row = info.row.original;
      return (
        <div className="min-w-40 space-y-0.5">
          <p className="font-medium">{row.name}</p>
          <a href={`mailto:${row.email}`} className="break-all text-link underline-offset-2 hover:underline">
            {row.email}
          </a>
          {row.phone && <p className="text-muted-foreground">{row.phone}</p>}
        </div>
      );
    },
  }),
  col.accessor("message", {
    header: "Message",
    enableSorting: false,
    cell: (info) =>
      info.getValue() ? (
        <p className="max-w-md min-w-48 whitespace-pre-wrap break-words">{info.getValue()}</p>
      ) : (
        <span className="text-muted-foreground">No message</span>
      ),
  }),
  col.accessor("forwarded_at", {
    header: "Forwarded",
    cell: (info) => {
      const at = info.getValue();
      return at ? (
        <Badge variant="success" title={formatWhen(at)}>
          Forwarded
        </Badge>
      ) : (
        <Badge variant="neutral">Not forwarded</Badge>
      );
    },
  }),
];

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

function Requests() {
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const requests = useQuery(salesRequestsQuery(page));
  if (requests.isError) return <QueryError query={requests} />;
  const total = requests.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SALES_REQUESTS_PAGE_SIZE));
  return (
    <>
      <DataTable
        label="Sales requests"
        columns={COLUMNS}
        data={requests.data?.items ?? []}
        getRowId={(row) => String(row.id)}
        loading={requests.isPending}
        pageSize={SALES_REQUESTS_PAGE_SIZE}
        empty={
          <EmptyState
            icon={Inbox}
            title="No sales requests yet"
            description={
              <p>
                When a customer asks for more than the self-serve cap, or a plan sold through sales, the
                request appears here.
              </p>
            }
          />
        }
      />
      <Pager
        page={page}
        pages={pages}
        onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
      />
    </>
  );
}

export default function SalesRequestsScreen() {
  return (
    <EngineerScreen title={TITLE} description="Contact-sales forms sent from the upgrade screen.">
      {() => <Requests />}
    </EngineerScreen>
  );
}
