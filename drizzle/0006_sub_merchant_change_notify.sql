-- Every committed change to a sub-merchant was announced to the API instances (dropped again in 0010):
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
