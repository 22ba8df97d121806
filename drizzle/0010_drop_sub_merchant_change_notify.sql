-- The read routes check each answer against the row's current revision (src/server/http/read-route-cache.ts), so
-- nothing listens for sub-merchant changes any more, and a NOTIFY serializes every committing write.
DROP TRIGGER IF EXISTS sub_merchants_notify_truncated ON sub_merchants;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sub_merchants_notify_changed ON sub_merchants;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_sub_merchants_truncated();
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_sub_merchant_changed();
