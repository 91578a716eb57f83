/** A file's scan status (spec §4) as a badge; a FOUND file says "Threat detected and deleted" and when. */
import type { ScanStatus } from "@portico/shared/schemas/files";
import { Badge } from "../../../components/ui/badge";
import { formatWhen } from "../format";
import { SCAN_STATUS_LABELS, SCAN_STATUS_VARIANTS } from "../labels";

export function ScanStatusBadge({
  status,
  scannedAt,
}: {
  status: ScanStatus | null;
  scannedAt?: string | null;
}) {
  const key = status ?? "none";
  const when = status === "FOUND" ? formatWhen(scannedAt) : "";
  return (
    <Badge variant={SCAN_STATUS_VARIANTS[key]}>
      {SCAN_STATUS_LABELS[key]}
      {when && ` · ${when}`}
    </Badge>
  );
}
