-- DropTable
DROP TABLE "tenant"."provisioned_quotas";

