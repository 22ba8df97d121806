-- The work queue's tab counts (sub_merchant_queue_counts), kept by the database itself so no writer can forget
-- them. A record's tab is the generated column sub_merchants.queue; a row moves between two counters only when
-- that changes. The decrement and the increment of one move take their rows in queue-name order, so two
-- transactions moving records in opposite directions wait for each other instead of deadlocking.
CREATE FUNCTION sub_merchant_queue_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.platform_id = NEW.platform_id AND OLD.queue > NEW.queue THEN
    INSERT INTO sub_merchant_queue_counts (platform_id, queue, n) VALUES (NEW.platform_id, NEW.queue, 1)
      ON CONFLICT (platform_id, queue) DO UPDATE SET n = sub_merchant_queue_counts.n + 1;
    UPDATE sub_merchant_queue_counts SET n = n - 1 WHERE platform_id = OLD.platform_id AND queue = OLD.queue;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE sub_merchant_queue_counts SET n = n - 1 WHERE platform_id = OLD.platform_id AND queue = OLD.queue;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO sub_merchant_queue_counts (platform_id, queue, n) VALUES (NEW.platform_id, NEW.queue, 1)
      ON CONFLICT (platform_id, queue) DO UPDATE SET n = sub_merchant_queue_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sub_merchants_queue_count_insert_delete AFTER INSERT OR DELETE ON sub_merchants
  FOR EACH ROW EXECUTE FUNCTION sub_merchant_queue_count();
--> statement-breakpoint
CREATE TRIGGER sub_merchants_queue_count_update AFTER UPDATE ON sub_merchants
  FOR EACH ROW WHEN (OLD.queue IS DISTINCT FROM NEW.queue OR OLD.platform_id IS DISTINCT FROM NEW.platform_id)
  EXECUTE FUNCTION sub_merchant_queue_count();
--> statement-breakpoint
INSERT INTO sub_merchant_queue_counts (platform_id, queue, n)
  SELECT platform_id, queue, count(*) FROM sub_merchants GROUP BY platform_id, queue;
