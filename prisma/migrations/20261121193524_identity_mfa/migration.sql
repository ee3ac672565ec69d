-- CreateTable
CREATE TABLE "identity"."mfa_methods" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "secret" TEXT,
    "phone_number" TEXT,
    "last_used_step" BIGINT,
    "activated_at" TIMESTAMPTZ(3),
    "last_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mfa_methods_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."mfa_codes" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "challenge_id" INTEGER,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mfa_codes_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."mfa_backup_codes" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mfa_backup_codes_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."mfa_challenges" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "device_fingerprint" TEXT,
    "methods" TEXT[],
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "ip_address" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mfa_challenges_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."mfa_security_policies" (
    "tenant_id" UUID NOT NULL,
    "trusted_devices_skip_mfa" BOOLEAN NOT NULL DEFAULT true,
    "updated_by" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mfa_security_policies_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "mfa_methods_tenant_id_user_id_type_key" ON "identity"."mfa_methods"("tenant_id", "user_id", "type");

-- CreateIndex
CREATE INDEX "mfa_codes_tenant_id_user_id_channel_created_at_idx" ON "identity"."mfa_codes"("tenant_id", "user_id", "channel", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "mfa_backup_codes_tenant_id_user_id_code_hash_key" ON "identity"."mfa_backup_codes"("tenant_id", "user_id", "code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "mfa_challenges_token_hash_key" ON "identity"."mfa_challenges"("token_hash");

-- CreateIndex
CREATE INDEX "mfa_challenges_tenant_id_user_id_idx" ON "identity"."mfa_challenges"("tenant_id", "user_id");

-- AddForeignKey
ALTER TABLE "identity"."mfa_methods" ADD CONSTRAINT "mfa_methods_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."mfa_codes" ADD CONSTRAINT "mfa_codes_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."mfa_backup_codes" ADD CONSTRAINT "mfa_backup_codes_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."mfa_challenges" ADD CONSTRAINT "mfa_challenges_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

