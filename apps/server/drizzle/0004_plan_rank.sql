-- The plan rank of spec §4 (packages/shared/src/rules/plan-rank.ts, planRank) in SQL: the service
-- type trimmed, lower-cased, with runs of spaces and underscores turned into "-". The tests hold
-- it equal to the shared function.
CREATE FUNCTION portico_plan_rank(service_type text, is_trial boolean) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE
    WHEN t = 'trial' THEN 7
    WHEN coalesce(is_trial, false) THEN (CASE t WHEN 'enterprise-plus' THEN 5 WHEN 'enterprise-lite' THEN 6 ELSE 7 END)
    WHEN t = 'standard' THEN 1
    WHEN t = 'enterprise' THEN 2
    WHEN t = 'enterprise-lite' THEN 3
    WHEN t = 'enterprise-plus' THEN 4
    ELSE 8 END)::smallint
  FROM (SELECT regexp_replace(regexp_replace(lower(coalesce(service_type, '')), '^\s+|\s+$', '', 'g'), '[\s_]+', '-', 'g') AS t) normalized
$$;--> statement-breakpoint
-- A new issue takes its account's rank.
CREATE FUNCTION portico_issue_plan_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT portico_plan_rank(a.service_type, a.is_trial) INTO NEW.plan_rank FROM accounts a WHERE a.id = NEW.account_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER issues_plan_rank BEFORE INSERT OR UPDATE OF account_id ON issues
FOR EACH ROW EXECUTE FUNCTION portico_issue_plan_rank();--> statement-breakpoint
-- An account's plan changes: its issues move in the queue.
CREATE FUNCTION portico_account_plan_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issues SET plan_rank = portico_plan_rank(NEW.service_type, NEW.is_trial) WHERE account_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER accounts_plan_rank AFTER UPDATE OF service_type, is_trial ON accounts
FOR EACH ROW WHEN (OLD.service_type IS DISTINCT FROM NEW.service_type OR OLD.is_trial IS DISTINCT FROM NEW.is_trial)
EXECUTE FUNCTION portico_account_plan_rank();--> statement-breakpoint
UPDATE issues SET plan_rank = portico_plan_rank(a.service_type, a.is_trial) FROM accounts a WHERE a.id = issues.account_id;
