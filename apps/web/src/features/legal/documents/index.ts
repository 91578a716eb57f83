/**
 * Legal documents, versioned. Each version is a frozen file named after its effective date; a change
 * is a new file, never an edit, so that any earlier date can still be shown as it was.
 */
import type { ComponentType } from "react";
import Privacy20240115 from "./privacy-policy/2024-01-15";
import Privacy20250601 from "./privacy-policy/2025-06-01";
import Enterprise20240115 from "./terms-enterprise/2024-01-15";
import Enterprise20250601 from "./terms-enterprise/2025-06-01";
import Standard20240115 from "./terms-standard/2024-01-15";
import Standard20250601 from "./terms-standard/2025-06-01";
import Trial20240115 from "./terms-trial/2024-01-15";
import Trial20250601 from "./terms-trial/2025-06-01";

export interface LegalVersion {
  /** yyyy-mm-dd */
  effectiveDate: string;
  Content: ComponentType;
}

export interface LegalDocument {
  title: string;
  /** Path of the document without a date, e.g. /terms-and-conditions/standard. */
  path: string;
  versions: readonly LegalVersion[];
}

export const TERMS_TYPES = ["standard", "enterprise", "trial"] as const;
export type TermsType = (typeof TERMS_TYPES)[number];

export function isTermsType(value: string | undefined): value is TermsType {
  return TERMS_TYPES.includes(value as TermsType);
}

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  path: "/privacy-policy",
  versions: [
    { effectiveDate: "2024-01-15", Content: Privacy20240115 },
    { effectiveDate: "2025-06-01", Content: Privacy20250601 },
  ],
};

export const TERMS: Record<TermsType, LegalDocument> = {
  standard: {
    title: "Terms and Conditions — Standard",
    path: "/terms-and-conditions/standard",
    versions: [
      { effectiveDate: "2024-01-15", Content: Standard20240115 },
      { effectiveDate: "2025-06-01", Content: Standard20250601 },
    ],
  },
  enterprise: {
    title: "Terms and Conditions — Enterprise",
    path: "/terms-and-conditions/enterprise",
    versions: [
      { effectiveDate: "2024-01-15", Content: Enterprise20240115 },
      { effectiveDate: "2025-06-01", Content: Enterprise20250601 },
    ],
  },
  trial: {
    title: "Terms and Conditions — Trial",
    path: "/terms-and-conditions/trial",
    versions: [
      { effectiveDate: "2024-01-15", Content: Trial20240115 },
      { effectiveDate: "2025-06-01", Content: Trial20250601 },
    ],
  },
};
