-- CreateTable
CREATE TABLE "identity"."scim_tokens" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "scim_tokens_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."scim_user_profiles" (
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "external_id" TEXT,
    "display_name" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scim_user_profiles_pkey" PRIMARY KEY ("tenant_id","user_id")
);

-- CreateTable
CREATE TABLE "identity"."scim_user_emails" (
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "value" TEXT NOT NULL,
    "type" TEXT,
    "primary" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL,

    CONSTRAINT "scim_user_emails_pkey" PRIMARY KEY ("tenant_id","user_id","position")
);

-- CreateTable
CREATE TABLE "identity"."scim_groups" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "display_name" TEXT NOT NULL,
    "external_id" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scim_groups_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."scim_group_members" (
    "tenant_id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scim_group_members_pkey" PRIMARY KEY ("tenant_id","group_id","user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "scim_tokens_token_hash_key" ON "identity"."scim_tokens"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "scim_user_profiles_tenant_id_external_id_key" ON "identity"."scim_user_profiles"("tenant_id", "external_id");

-- CreateIndex
CREATE INDEX "scim_user_emails_tenant_id_value_idx" ON "identity"."scim_user_emails"("tenant_id", "value");

-- CreateIndex
CREATE UNIQUE INDEX "scim_groups_tenant_id_display_name_key" ON "identity"."scim_groups"("tenant_id", "display_name");

-- CreateIndex
CREATE UNIQUE INDEX "scim_groups_tenant_id_external_id_key" ON "identity"."scim_groups"("tenant_id", "external_id");

-- CreateIndex
CREATE INDEX "scim_group_members_tenant_id_user_id_idx" ON "identity"."scim_group_members"("tenant_id", "user_id");

-- AddForeignKey
ALTER TABLE "identity"."scim_user_profiles" ADD CONSTRAINT "scim_user_profiles_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."scim_user_emails" ADD CONSTRAINT "scim_user_emails_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."scim_group_members" ADD CONSTRAINT "scim_group_members_tenant_id_group_id_fkey" FOREIGN KEY ("tenant_id", "group_id") REFERENCES "identity"."scim_groups"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."scim_group_members" ADD CONSTRAINT "scim_group_members_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

