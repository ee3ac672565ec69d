-- AlterTable
ALTER TABLE "identity"."users" ADD COLUMN     "deleted_at" TIMESTAMPTZ(3);


-- Hand-written: a user deleted through SCIM keeps its row (audit) but frees its e-mail, so the
-- identity provider can create the account again (RFC 7644 section 3.6). Prisma still sees
-- @@unique([tenantId, email]); every e-mail lookup adds deleted_at IS NULL.
DROP INDEX "identity"."users_tenant_id_email_key";
CREATE UNIQUE INDEX "users_tenant_id_email_key" ON "identity"."users"("tenant_id", "email") WHERE "deleted_at" IS NULL;
