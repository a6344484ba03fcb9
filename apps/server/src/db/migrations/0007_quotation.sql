CREATE TABLE "factories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"city_key" text NOT NULL,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"processes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moq_min" integer NOT NULL,
	"moq_max" integer NOT NULL,
	"lead_time_days_min" integer NOT NULL,
	"lead_time_days_max" integer NOT NULL,
	"certifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"project_id" text,
	"factory_id" text NOT NULL,
	"design_url" text DEFAULT '' NOT NULL,
	"spec" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"project_id" text,
	"input" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "factories_city_key_idx" ON "factories" USING btree ("city_key");--> statement-breakpoint
CREATE INDEX "factories_country_idx" ON "factories" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "print_requests_user_idx" ON "print_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "print_requests_created_idx" ON "print_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "quotes_project_idx" ON "quotes" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","created_at");