/**
 * Virus scanning (spec §4 scan status). A scanner looks at a file on the local disk and says OK,
 * FOUND (with the signature) or SIZE_TOO_BIG; it throws when it cannot scan (clamd down), which
 * leaves the file SCAN_FAILED to be retried. Nothing is OK without a clean scan.
 */

export type ScanVerdict = { status: "OK" } | { status: "FOUND"; threat: string } | { status: "SIZE_TOO_BIG" };

export interface Scanner {
  readonly name: string;
  scan(path: string, size: number): Promise<ScanVerdict>;
}

/** The EICAR test file (https://www.eicar.org): every scanner must find it. */
export const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";
export const EICAR_SIGNATURE = "Eicar-Test-Signature";
