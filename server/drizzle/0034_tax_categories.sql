-- Tax categories (contract/src/records.ts): how a product's sales are taxed
-- under SST. Only a taxable category has a rate, above 0 and below 100.
CREATE TABLE "tax_categories" (
  "tax_category_id" serial PRIMARY KEY,
  "tax_category_name" text NOT NULL,
  "tax_type" text NOT NULL,
  "tax_rate" numeric(5, 2) NOT NULL DEFAULT 0,
  "tax_category_status" smallint NOT NULL DEFAULT 0,
  "created_at" timestamp(0) with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp(0) with time zone,
  "version" integer NOT NULL DEFAULT 1,
  CONSTRAINT "tax_categories_type" CHECK ("tax_type" in ('taxable', 'exempt', 'not_applicable')),
  CONSTRAINT "tax_categories_rate" CHECK ("tax_rate" < 100 and ("tax_type" = 'taxable') = ("tax_rate" > 0))
);
