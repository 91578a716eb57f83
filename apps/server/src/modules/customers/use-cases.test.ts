import { CUSTOMER_MESSAGES as M } from "@portico/shared/schemas/customers";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountAudit, accountUseCases, useCases } from "../../db/schema";
import { accountWorkSuite } from "./account-work-test-kit";

const s = accountWorkSuite();

type UseCase = { id: number; name: string; description: string; accounts: number };
const named = (list: UseCase[], name: string) => list.find((u) => u.name === name);
const useCaseAudits = (accountId: number) =>
  s.t.db
    .select({ details: accountAudit.details, actor: accountAudit.actorName })
    .from(accountAudit)
    .where(and(eq(accountAudit.accountId, accountId), eq(accountAudit.action, "use_cases.changed")))
    .orderBy(accountAudit.id);

describe("the use-case list", () => {
  it("is read by anyone signed in, by name", async () => {
    for (const who of [s.cast.ownerA, s.cast.userA, s.cast.engineer]) {
      const res = await s.call(who.authorization, "GET", "/use-cases");
      expect(res.status).toBe(200);
      const names = res.body.map((u: UseCase) => u.name);
      expect(names).toEqual(expect.arrayContaining(["Archive", "Backup target"]));
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    }
  });

  it("is created by engineers; a name taken in any case is a 409", async () => {
    const { engineer } = s.cast;
    const created = await s.call(engineer.authorization, "POST", "/use-cases", {
      name: "  Genomics  ",
      description: "Sequencer output",
    });
    expect(created).toMatchObject({
      status: 201,
      body: { name: "Genomics", description: "Sequencer output", accounts: 0 },
    });
    for (const name of ["genomics", "ARCHIVE"]) {
      const taken = await s.call(engineer.authorization, "POST", "/use-cases", { name });
      expect(taken).toMatchObject({ status: 409, body: { error: M.useCaseTaken } });
    }
  });

  it("lets one of two engineers creating the same name at once have it, the other a 409", async () => {
    const [a, b] = await Promise.all([
      s.call(s.cast.engineer.authorization, "POST", "/use-cases", { name: "Edge cache" }),
      s.call(s.cast.engineer2.authorization, "POST", "/use-cases", { name: "EDGE CACHE" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.error).toBe(M.useCaseTaken);
    const rows = await s.t.db.select().from(useCases).where(sql`lower(${useCases.name}) = 'edge cache'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["no name", { name: "   " }, M.useCaseName],
    ["a name over 80 characters", { name: "x".repeat(81) }, M.useCaseNameTooLong],
    [
      "a description over 500 characters",
      { name: "Long", description: "x".repeat(501) },
      M.useCaseDescriptionTooLong,
    ],
  ])("refuses %s", async (_name, body, message) => {
    const res = await s.call(s.cast.engineer.authorization, "POST", "/use-cases", body);
    expect(res).toMatchObject({ status: 400, body: { error: message } });
  });

  it("is renamed by engineers (its own name in another case too); taken names and unknown ids are refused", async () => {
    const { engineer } = s.cast;
    const list = (await s.call(engineer.authorization, "GET", "/use-cases")).body as UseCase[];
    const genomics = named(list, "Genomics");
    const renamed = await s.call(engineer.authorization, "PUT", `/use-cases/${genomics?.id}`, {
      name: "genomics pipelines",
      description: "",
    });
    expect(renamed).toMatchObject({ status: 200, body: { id: genomics?.id, name: "genomics pipelines" } });
    const recased = await s.call(engineer.authorization, "PUT", `/use-cases/${genomics?.id}`, {
      name: "Genomics pipelines",
    });
    expect(recased).toMatchObject({ status: 200, body: { name: "Genomics pipelines", description: "" } });
    const taken = await s.call(engineer.authorization, "PUT", `/use-cases/${genomics?.id}`, {
      name: "archive",
    });
    expect(taken).toMatchObject({ status: 409, body: { error: M.useCaseTaken } });
    const unknown = await s.call(engineer.authorization, "PUT", "/use-cases/999999", { name: "Nothing" });
    expect(unknown).toMatchObject({ status: 404, body: { error: M.useCaseNotFound } });
  });
});

describe("an account's use cases", () => {
  const ids = async () => {
    const list = (await s.call(s.cast.engineer.authorization, "GET", "/use-cases")).body as UseCase[];
    return {
      archive: named(list, "Archive")?.id ?? 0,
      backup: named(list, "Backup target")?.id ?? 0,
      media: named(list, "Media and entertainment")?.id ?? 0,
    };
  };

  it("are set by engineers, answered by name and audited with what was added and removed", async () => {
    const { engineer, orgA } = s.cast;
    const { archive, backup, media } = await ids();
    const first = await s.call(engineer.authorization, "PUT", `/accounts/${orgA.id}/use-cases`, {
      use_case_ids: [backup, archive, archive],
    });
    expect(first).toMatchObject({
      status: 200,
      body: [
        { id: archive, name: "Archive" },
        { id: backup, name: "Backup target" },
      ],
    });
    const second = await s.call(engineer.authorization, "PUT", `/accounts/${orgA.id}/use-cases`, {
      use_case_ids: [media, backup],
    });
    expect(second.body.map((u: { name: string }) => u.name)).toEqual([
      "Backup target",
      "Media and entertainment",
    ]);
    // The same choice again changes nothing and records nothing.
    await s.call(engineer.authorization, "PUT", `/accounts/${orgA.id}/use-cases`, {
      use_case_ids: [backup, media],
    });
    expect(await useCaseAudits(orgA.id)).toEqual([
      { actor: "Erin Engineer", details: { added: ["Archive", "Backup target"], removed: [] } },
      { actor: "Erin Engineer", details: { added: ["Media and entertainment"], removed: ["Archive"] } },
    ]);
  });

  it("refuses an unknown use case with 400 and changes nothing", async () => {
    const { engineer, orgA } = s.cast;
    const { archive } = await ids();
    const before = await s.t.db.select().from(accountUseCases).where(eq(accountUseCases.accountId, orgA.id));
    const res = await s.call(engineer.authorization, "PUT", `/accounts/${orgA.id}/use-cases`, {
      use_case_ids: [archive, 999999],
    });
    expect(res).toMatchObject({ status: 400, body: { error: M.useCaseNotFound } });
    expect(await s.t.db.select().from(accountUseCases).where(eq(accountUseCases.accountId, orgA.id))).toEqual(
      before,
    );
    const unknownAccount = await s.call(engineer.authorization, "PUT", "/accounts/999999/use-cases", {
      use_case_ids: [archive],
    });
    expect(unknownAccount.status).toBe(404);
  });

  it("are counted for a customer only in their own organizations", async () => {
    const count = async (who: string, name: string) =>
      named((await s.call(who, "GET", "/use-cases")).body, name)?.accounts;
    const { engineer, orgB, ownerA, ownerB } = s.cast;
    const { backup } = await ids();
    await s.call(engineer.authorization, "PUT", `/accounts/${orgB.id}/use-cases`, { use_case_ids: [backup] });
    expect(await count(engineer.authorization, "Backup target")).toBe(2);
    expect(await count(ownerA.authorization, "Backup target")).toBe(1);
    expect(await count(ownerB.authorization, "Backup target")).toBe(1);
    expect(await count(ownerB.authorization, "Media and entertainment")).toBe(0);
  });

  it("lose a deleted use case, and each account records that it was removed", async () => {
    const { engineer, orgA, orgB } = s.cast;
    const { backup } = await ids();
    const res = await s.call(engineer.authorization, "DELETE", `/use-cases/${backup}`);
    expect(res.status).toBe(204);
    expect(await s.t.db.select().from(accountUseCases).where(eq(accountUseCases.useCaseId, backup))).toEqual(
      [],
    );
    for (const account of [orgA, orgB]) {
      expect((await useCaseAudits(account.id)).at(-1)?.details).toEqual({
        added: [],
        removed: ["Backup target"],
        use_case_deleted: true,
      });
    }
    const again = await s.call(engineer.authorization, "DELETE", `/use-cases/${backup}`);
    expect(again).toMatchObject({ status: 404, body: { error: M.useCaseNotFound } });
  });
});
