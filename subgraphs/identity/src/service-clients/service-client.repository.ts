import { type PrismaClient, type ServiceClientModel, isUniqueViolation } from '@dataplat/db';

export type ServiceClientRow = ServiceClientModel;

/**
 * identity.service_clients: platform-wide (a service is not a member of a tenant), so no
 * tenant filter applies; only platform administrators manage them.
 */
export class ServiceClientRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Null when the id is taken. */
  async create(id: string, secretHash: string, scopes: string[]): Promise<ServiceClientRow | null> {
    try {
      return await this.db.serviceClient.create({ data: { id, secretHash, scopes } });
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  find(id: string): Promise<ServiceClientRow | null> {
    return this.db.serviceClient.findUnique({ where: { id } });
  }

  async list(skip: number, take: number): Promise<{ rows: ServiceClientRow[]; total: number }> {
    const [total, rows] = await this.db.$transaction([this.db.serviceClient.count(), this.db.serviceClient.findMany({ orderBy: { id: 'asc' }, skip, take })]);
    return { rows, total };
  }

  async setSecret(id: string, secretHash: string): Promise<ServiceClientRow | null> {
    const { count } = await this.db.serviceClient.updateMany({ where: { id }, data: { secretHash } });
    return count ? this.find(id) : null;
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.serviceClient.deleteMany({ where: { id } })).count > 0;
  }
}
