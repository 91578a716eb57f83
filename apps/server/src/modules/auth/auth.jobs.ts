/** Background work of the auth module: the mail behind answers that must not depend on the address. */
import { z } from "zod";
import type { AppContext } from "../../platform/context";
import { PASSWORD_RESET_JOB, sendPasswordReset } from "./password.service";
import { SIGNUP_REQUEST_JOB, sendSignupLink } from "./signup.service";

const ZEmailJob = z.object({ email: z.string() });

export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.register(PASSWORD_RESET_JOB, (tx, payload) =>
    sendPasswordReset(ctx, tx, ZEmailJob.parse(payload).email),
  );
  ctx.jobs.register(SIGNUP_REQUEST_JOB, (tx, payload) =>
    sendSignupLink(ctx, tx, ZEmailJob.parse(payload).email),
  );
}
