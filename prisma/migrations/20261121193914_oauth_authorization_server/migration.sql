-- CreateTable
CREATE TABLE "identity"."oauth_clients" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT,
    "token_endpoint_auth_method" TEXT NOT NULL,
    "redirect_uris" TEXT[],
    "grant_types" TEXT[],
    "response_types" TEXT[],
    "scopes" TEXT[],
    "created_by" UUID,
    "secret_issued_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."oauth_authorization_codes" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "code_hash" TEXT NOT NULL,
    "client_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "redirect_uri_given" BOOLEAN NOT NULL,
    "scopes" TEXT[],
    "code_challenge" TEXT,
    "code_challenge_method" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_authorization_codes_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."oauth_refresh_tokens" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "token_hash" TEXT NOT NULL,
    "client_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "code_id" INTEGER NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_refresh_tokens_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."oauth_access_tokens" (
    "jti" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "client_id" UUID NOT NULL,
    "user_id" UUID,
    "code_id" INTEGER,
    "scopes" TEXT[],
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "oauth_access_tokens_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE UNIQUE INDEX "oauth_clients_id_key" ON "identity"."oauth_clients"("id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_authorization_codes_code_hash_key" ON "identity"."oauth_authorization_codes"("code_hash");

-- CreateIndex
CREATE INDEX "oauth_authorization_codes_tenant_id_client_id_idx" ON "identity"."oauth_authorization_codes"("tenant_id", "client_id");

-- CreateIndex
CREATE INDEX "oauth_authorization_codes_tenant_id_user_id_idx" ON "identity"."oauth_authorization_codes"("tenant_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "oauth_refresh_tokens_token_hash_key" ON "identity"."oauth_refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "oauth_refresh_tokens_tenant_id_code_id_idx" ON "identity"."oauth_refresh_tokens"("tenant_id", "code_id");

-- CreateIndex
CREATE INDEX "oauth_refresh_tokens_tenant_id_client_id_idx" ON "identity"."oauth_refresh_tokens"("tenant_id", "client_id");

-- CreateIndex
CREATE INDEX "oauth_access_tokens_tenant_id_code_id_idx" ON "identity"."oauth_access_tokens"("tenant_id", "code_id");

-- CreateIndex
CREATE INDEX "oauth_access_tokens_tenant_id_client_id_idx" ON "identity"."oauth_access_tokens"("tenant_id", "client_id");

-- CreateIndex
CREATE INDEX "oauth_access_tokens_expires_at_idx" ON "identity"."oauth_access_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "identity"."oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_tenant_id_client_id_fkey" FOREIGN KEY ("tenant_id", "client_id") REFERENCES "identity"."oauth_clients"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_tenant_id_client_id_fkey" FOREIGN KEY ("tenant_id", "client_id") REFERENCES "identity"."oauth_clients"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."oauth_refresh_tokens" ADD CONSTRAINT "oauth_refresh_tokens_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."oauth_access_tokens" ADD CONSTRAINT "oauth_access_tokens_tenant_id_client_id_fkey" FOREIGN KEY ("tenant_id", "client_id") REFERENCES "identity"."oauth_clients"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

