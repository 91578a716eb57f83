/**
 * The tabs that show another feature's own view of the organization: its clusters (the Health
 * screen's list), files (the Files screen's table), licences (the licence history) and
 * subscription events. Each names a next step that works on this organization.
 */
import { useQuery } from "@tanstack/react-query";
import FileX from "lucide-react/icons/file-x";
import KeySquare from "lucide-react/icons/key-square";
import ReceiptText from "lucide-react/icons/receipt-text";
import Server from "lucide-react/icons/server";
import { QueryError } from "../../../components/ui/alert";
import { EmptyState } from "../../../components/ui/empty-state";
import { ClusterOverview } from "../../clusters/health-screen";
import { filesQuery } from "../../files/api";
import { FilesTable } from "../../files/components/files-table";
import { LicenceHistory } from "../../licences/licence-screen";
import { SubscriptionEvents } from "../../subscription/subscription-events";
import { AsOrganizationLink, TabSection } from "./tab-parts";

export function ClustersTab({ accountId }: { accountId: number }) {
  return (
    <TabSection id="customer-clusters" title="Clusters">
      <ClusterOverview
        accountId={accountId}
        canManage
        empty={
          <EmptyState
            icon={Server}
            title="No clusters yet"
            description={<p>Register this organization's first cluster; its health then shows here.</p>}
            action={
              <AsOrganizationLink accountId={accountId} to="/cluster/register">
                Register a cluster for them
              </AsOrganizationLink>
            }
          />
        }
      />
    </TabSection>
  );
}

export function FilesTab({ accountId }: { accountId: number }) {
  const files = useQuery(filesQuery(accountId, null));
  return (
    <TabSection id="customer-files" title="Files">
      {files.isError ? (
        <QueryError query={files} />
      ) : (
        <FilesTable
          accountId={accountId}
          files={files.data?.items ?? []}
          loading={files.isPending}
          toolbar={null}
          empty={
            <EmptyState
              icon={FileX}
              title="No files yet"
              description={
                <p>Files this organization's users upload, and files you upload for them, show here.</p>
              }
              action={
                <AsOrganizationLink accountId={accountId} to="/files">
                  Upload a file for them
                </AsOrganizationLink>
              }
              className="border-0"
            />
          }
        />
      )}
    </TabSection>
  );
}

export function LicencesTab({ accountId }: { accountId: number }) {
  return (
    <LicenceHistory
      accountId={accountId}
      empty={
        <EmptyState
          icon={KeySquare}
          title="No licence issued yet"
          description={<p>Issue this organization's licence from its licence page.</p>}
          action={
            <AsOrganizationLink accountId={accountId} to="/license">
              Go to their licence
            </AsOrganizationLink>
          }
          className="border-0"
        />
      }
    />
  );
}

export function SubscriptionTab({ accountId }: { accountId: number }) {
  return (
    <SubscriptionEvents
      accountId={accountId}
      isEngineer
      empty={
        <EmptyState
          icon={ReceiptText}
          title="No subscription events yet"
          description={<p>Subscribing, upgrades, renewals and cancellations show here as they happen.</p>}
          action={
            <AsOrganizationLink accountId={accountId} to="/subscription">
              Go to their subscription
            </AsOrganizationLink>
          }
        />
      }
    />
  );
}
