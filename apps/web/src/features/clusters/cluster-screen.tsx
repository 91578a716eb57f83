import { PageHeader } from "../../components/ui/page-header";

/** Replaced by the clusters screens (issue 12, in progress). */
export default function Screen() {
  return <PageHeader title="Cluster" />;
}
