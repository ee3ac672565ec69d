-- AlterTable
ALTER TABLE "identity"."users" ADD COLUMN     "password_changed_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "identity"."sessions" ADD COLUMN     "device_id" INTEGER;

-- CreateTable
CREATE TABLE "identity"."access_tokens" (
    "jti" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "session_id" INTEGER,
    "issued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "access_tokens_pkey" PRIMARY KEY ("jti")
);

-- CreateTable
CREATE TABLE "identity"."revoked_tokens" (
    "jti" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "user_id" UUID,
    "reason" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "revoked_tokens_pkey" PRIMARY KEY ("jti")
);

-- CreateTable
CREATE TABLE "identity"."devices" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "device_name" TEXT,
    "device_type" TEXT,
    "browser" TEXT,
    "browser_version" TEXT,
    "os" TEXT,
    "os_version" TEXT,
    "trusted" BOOLEAN NOT NULL DEFAULT false,
    "trusted_at" TIMESTAMPTZ(3),
    "blocked" BOOLEAN NOT NULL DEFAULT false,
    "blocked_at" TIMESTAMPTZ(3),
    "blocked_reason" TEXT,
    "last_ip_address" TEXT,
    "last_user_agent" TEXT,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "use_count" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "devices_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."api_keys" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "mode" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "ip_whitelist" TEXT[],
    "rate_limit" INTEGER,
    "expires_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "last_used_ip" TEXT,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."api_key_rotations" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "old_key_id" INTEGER NOT NULL,
    "new_key_id" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'IN_PROGRESS',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "grace_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_rotations_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."one_time_tokens" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "one_time_tokens_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."auth_events" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" UUID,
    "user_id" UUID,
    "email" TEXT,
    "type" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "identity"."service_clients" (
    "id" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_clients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "platform"."notification_outbox" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" UUID,
    "channel" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "subject" TEXT NOT NULL DEFAULT '',
    "body" TEXT NOT NULL,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "notification_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "access_tokens_tenant_id_user_id_expires_at_idx" ON "identity"."access_tokens"("tenant_id", "user_id", "expires_at");

-- CreateIndex
CREATE INDEX "access_tokens_tenant_id_session_id_idx" ON "identity"."access_tokens"("tenant_id", "session_id");

-- CreateIndex
CREATE INDEX "access_tokens_expires_at_idx" ON "identity"."access_tokens"("expires_at");

-- CreateIndex
CREATE INDEX "revoked_tokens_expires_at_idx" ON "identity"."revoked_tokens"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "devices_tenant_id_user_id_fingerprint_key" ON "identity"."devices"("tenant_id", "user_id", "fingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "identity"."api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_tenant_id_user_id_idx" ON "identity"."api_keys"("tenant_id", "user_id");

-- CreateIndex
CREATE INDEX "api_key_rotations_tenant_id_old_key_id_idx" ON "identity"."api_key_rotations"("tenant_id", "old_key_id");

-- CreateIndex
CREATE INDEX "api_key_rotations_tenant_id_new_key_id_idx" ON "identity"."api_key_rotations"("tenant_id", "new_key_id");

-- CreateIndex
CREATE UNIQUE INDEX "one_time_tokens_token_hash_key" ON "identity"."one_time_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "one_time_tokens_tenant_id_user_id_purpose_idx" ON "identity"."one_time_tokens"("tenant_id", "user_id", "purpose");

-- CreateIndex
CREATE INDEX "auth_events_tenant_id_created_at_idx" ON "identity"."auth_events"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "auth_events_tenant_id_user_id_created_at_idx" ON "identity"."auth_events"("tenant_id", "user_id", "created_at");

-- CreateIndex
CREATE INDEX "notification_outbox_status_next_attempt_at_idx" ON "platform"."notification_outbox"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "notification_outbox_recipient_created_at_idx" ON "platform"."notification_outbox"("recipient", "created_at");

-- AddForeignKey
ALTER TABLE "identity"."access_tokens" ADD CONSTRAINT "access_tokens_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."devices" ADD CONSTRAINT "devices_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."api_keys" ADD CONSTRAINT "api_keys_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."one_time_tokens" ADD CONSTRAINT "one_time_tokens_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

