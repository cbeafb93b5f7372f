-- Hand-written (docs/decisions/invoices.md): the company registration number
-- printed on invoices (issue 25), e.g. SSM "202301012345 (1234567-X)".
ALTER TABLE "settings" ADD COLUMN "store_registration" text DEFAULT '' NOT NULL;
