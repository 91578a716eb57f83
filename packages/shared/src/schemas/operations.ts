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

/** A maintenance window lasts from one minute to one week. */
export const MAINTENANCE_MAX_MINUTES = 7 * 24 * 60;

export const MAINTENANCE_MESSAGES = {
  duration: `Duration must be a whole number of minutes from 1 to ${MAINTENANCE_MAX_MINUTES} (one week)`,
  message: "Enter a message of up to 500 characters for users",
} as const;

/** POST /api/maintenance/enable */
export const ZMaintenanceEnable = z.object({
  /** Minutes. */
  duration: z
    .number({ error: MAINTENANCE_MESSAGES.duration })
    .int({ error: MAINTENANCE_MESSAGES.duration })
    .min(1, { error: MAINTENANCE_MESSAGES.duration })
    .max(MAINTENANCE_MAX_MINUTES, { error: MAINTENANCE_MESSAGES.duration }),
  message: z
    .string({ error: MAINTENANCE_MESSAGES.message })
    .trim()
    .min(1, { error: MAINTENANCE_MESSAGES.message })
    .max(500, { error: MAINTENANCE_MESSAGES.message }),
});
export type TMaintenanceEnable = z.infer<typeof ZMaintenanceEnable>;

/**
 * One maintenance window. `ended_at` null: still on. `ended_by` null with `ended_at` set: it ended
 * by itself when its duration passed (at `planned_end`).
 */
export const ZMaintenanceWindow = z.object({
  id: z.number(),
  message: z.string(),
  started_by: z.string(),
  started_at: z.string(),
  planned_end: z.string(),
  ended_at: z.string().nullable(),
  ended_by: z.string().nullable(),
});
export type TMaintenanceWindow = z.infer<typeof ZMaintenanceWindow>;

/** GET /api/maintenance/details (engineers): the status, the window now on and the last 20. */
export const ZMaintenanceDetails = z.object({
  status: z.enum(["OK", "MAINTENANCE"]),
  current: ZMaintenanceWindow.nullable(),
  history: z.array(ZMaintenanceWindow),
});
export type TMaintenanceDetails = z.infer<typeof ZMaintenanceDetails>;
