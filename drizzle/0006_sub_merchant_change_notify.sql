-- Every committed change to a sub-merchant reaches the API instances' read caches (src/server/db/change-feed.ts):
-- NOTIFY is transactional, so a rolled-back write announces nothing and a committed one is announced after commit.
-- The payload is "<platform_id> <id>"; "*" after a TRUNCATE means "forget everything".
CREATE FUNCTION notify_sub_merchant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sub_merchant_changed', coalesce(NEW.platform_id, OLD.platform_id) || ' ' || coalesce(NEW.id, OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION notify_sub_merchants_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sub_merchant_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sub_merchants_notify_changed AFTER INSERT OR UPDATE OR DELETE ON sub_merchants
  FOR EACH ROW EXECUTE FUNCTION notify_sub_merchant_changed();
--> statement-breakpoint
CREATE TRIGGER sub_merchants_notify_truncated AFTER TRUNCATE ON sub_merchants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sub_merchants_truncated();
