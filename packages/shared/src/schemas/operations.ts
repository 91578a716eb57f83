import { z } from "../zod";

export const DEPLOY_ENVS = ["development", "staging", "production"] as const;
export type DeployEnv = (typeof DEPLOY_ENVS)[number];

/** GET /api/auth/deploy_env */
export const ZDeployEnv = z.object({ env: z.enum(DEPLOY_ENVS), sentry_dsn: z.string().nullable() });

/** GET /api/maintenance/status */
export const ZMaintenanceStatus = z.object({
  status: z.enum(["OK", "MAINTENANCE"]),
  message: z.string().nullable(),
  /** When maintenance is planned to end, ISO 8601. */
  until: z.string().nullable(),
});
export type TMaintenanceStatus = z.infer<typeof ZMaintenanceStatus>;

export const ZMaintenanceEnable = z.object({
  /** Minutes. */
  duration: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60),
  message: z.string().trim().min(1).max(500),
});
