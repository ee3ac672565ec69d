-- CreateEnum
CREATE TYPE "identity"."ExternalIdpKind" AS ENUM ('OIDC', 'SAML');

-- CreateTable
CREATE TABLE "identity"."external_identity_providers" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "identity"."ExternalIdpKind" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "jit_provisioning" BOOLEAN NOT NULL DEFAULT false,
    "default_role" TEXT NOT NULL DEFAULT 'USER',
    "issuer" TEXT,
    "client_id" TEXT,
    "client_secret_sealed" TEXT,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "idp_entity_id" TEXT,
    "sso_url" TEXT,
    "idp_certificates" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "attribute_mapping" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "external_identity_providers_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."external_login_states" (
    "tenant_id" UUID NOT NULL,
    "id" SERIAL NOT NULL,
    "provider_id" UUID NOT NULL,
    "state_hash" TEXT NOT NULL,
    "nonce_hash" TEXT NOT NULL,
    "code_verifier_sealed" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),

    CONSTRAINT "external_login_states_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "identity"."external_identities" (
    "tenant_id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_login_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_identities_pkey" PRIMARY KEY ("tenant_id","provider_id","subject")
);

-- CreateTable
CREATE TABLE "identity"."saml_assertion_uses" (
    "tenant_id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "assertion_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saml_assertion_uses_pkey" PRIMARY KEY ("tenant_id","provider_id","assertion_id")
);

-- CreateTable
CREATE TABLE "identity"."saml_requests" (
    "tenant_id" UUID NOT NULL,
    "provider_id" UUID NOT NULL,
    "request_id" TEXT NOT NULL,
    "issued_at" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "saml_requests_pkey" PRIMARY KEY ("tenant_id","provider_id","request_id")
);

-- CreateIndex
CREATE INDEX "external_identity_providers_idp_entity_id_idx" ON "identity"."external_identity_providers"("idp_entity_id");

-- CreateIndex
CREATE UNIQUE INDEX "external_identity_providers_tenant_id_name_key" ON "identity"."external_identity_providers"("tenant_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "external_identity_providers_id_key" ON "identity"."external_identity_providers"("id");

-- CreateIndex
CREATE INDEX "external_login_states_expires_at_idx" ON "identity"."external_login_states"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "external_login_states_tenant_id_state_hash_key" ON "identity"."external_login_states"("tenant_id", "state_hash");

-- CreateIndex
CREATE INDEX "external_identities_tenant_id_user_id_idx" ON "identity"."external_identities"("tenant_id", "user_id");

-- CreateIndex
CREATE INDEX "saml_assertion_uses_expires_at_idx" ON "identity"."saml_assertion_uses"("expires_at");

-- CreateIndex
CREATE INDEX "saml_requests_expires_at_idx" ON "identity"."saml_requests"("expires_at");

-- AddForeignKey
ALTER TABLE "identity"."external_identities" ADD CONSTRAINT "external_identities_tenant_id_provider_id_fkey" FOREIGN KEY ("tenant_id", "provider_id") REFERENCES "identity"."external_identity_providers"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "identity"."external_identities" ADD CONSTRAINT "external_identities_tenant_id_user_id_fkey" FOREIGN KEY ("tenant_id", "user_id") REFERENCES "identity"."users"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;



-- Hand-written: provider names are unique per tenant in any case, and a tenant configures a
-- SAML IdP entity id once (the ACS finds the provider by the response's Issuer).
CREATE UNIQUE INDEX "external_identity_providers_tenant_id_lower_name_key" ON "identity"."external_identity_providers"("tenant_id", lower("name"));
CREATE UNIQUE INDEX "external_identity_providers_tenant_id_idp_entity_id_key" ON "identity"."external_identity_providers"("tenant_id", "idp_entity_id") WHERE "idp_entity_id" IS NOT NULL;
