/** Issue categories (spec §3 Category, §7.1 issue-categories): a vendor-wide catalogue with levels. */
import { sql } from "drizzle-orm";
import { integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const issueCategories = pgTable(
  "issue_categories",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    description: text().notNull().default(""),
    /** 1 (first line) to 5 (deepest expertise). */
    level: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique whatever their case: "Network" and "network" are one category.
  (t) => [uniqueIndex("issue_categories_name_idx").on(sql`lower(${t.name})`)],
);
