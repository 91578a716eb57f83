/** The part of `clamscan` (no types of its own) used here. */
declare module "clamscan" {
  interface ClamdSettings {
    host?: string;
    port?: number;
    timeout?: number;
    localFallback?: boolean;
    bypassTest?: boolean;
  }
  interface ScanResult {
    isInfected: boolean | null;
    viruses: string[];
  }
  export default class NodeClam {
    init(options: { preference?: "clamdscan" | "clamscan"; clamdscan?: ClamdSettings }): Promise<NodeClam>;
    scanStream(stream: NodeJS.ReadableStream): Promise<ScanResult>;
    ping(): Promise<{ end(): void }>;
  }
}
