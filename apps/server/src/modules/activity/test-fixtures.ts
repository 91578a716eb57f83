/** What the activity tests set up alike: organizations with an SLA, and people signed in. */
import { eq } from "drizzle-orm";
import { accounts } from "../../db/schema";
import { createAccount, createUser, signIn, type TestContext } from "../../test/helper";

type SlaCoverage = "24x7" | "business-hours";

/** A new organization whose issues get a first-response deadline of `hours` (none when null). */
export async function organizationWithSla(
  t: TestContext,
  hours: number | null,
  coverage: SlaCoverage | null,
) {
  const account = await createAccount(t.db);
  await t.db
    .update(accounts)
    .set({ slaHours: hours, slaCoverage: coverage })
    .where(eq(accounts.id, account.id));
  return { id: account.id, company: account.company };
}

/** A new user, signed in: their id and bearer header. */
export async function signedIn(t: TestContext, opts: Parameters<typeof createUser>[1]) {
  const user = await createUser(t.db, opts);
  return { id: user.id, authorization: (await signIn(t.app, user)).authorization };
}
