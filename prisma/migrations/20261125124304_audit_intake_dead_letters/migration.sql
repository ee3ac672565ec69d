-- CreateTable
CREATE TABLE "audit"."intake_dead_letters" (
    "id" BIGSERIAL NOT NULL,
    "event_id" TEXT,
    "tenant_id" TEXT,
    "action" TEXT,
    "occurred_at" TIMESTAMPTZ(3),
    "record" TEXT NOT NULL,
    "error" TEXT NOT NULL,
    "error_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "intake_dead_letters_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "intake_dead_letters_created_at_idx" ON "audit"."intake_dead_letters"("created_at");

