CREATE TABLE "metric_samples" (
	"instance_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"resolution" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" real NOT NULL,
	"memory" real,
	"disk" real,
	"iops" real NOT NULL,
	"disk_write" real NOT NULL,
	"disk_read" real NOT NULL,
	"network_in" real NOT NULL,
	"network_out" real NOT NULL,
	CONSTRAINT "metric_samples_instance_id_resolution_at_pk" PRIMARY KEY("instance_id","resolution","at")
);
--> statement-breakpoint
CREATE INDEX "metric_samples_age_idx" ON "metric_samples" USING btree ("resolution","at");--> statement-breakpoint
-- A new minute of samples reaches the customer's open Performance tabs (server push) instead of a poll.
CREATE TRIGGER metric_samples_events_insert AFTER INSERT ON metric_samples REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_customer_changes('metrics');
