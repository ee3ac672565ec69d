import { isUniqueViolation, type Prisma } from '@dataplat/db';
import { DomainError, isUuid, paginate, pageWindow, type Page, type PageArgs, type Principal, type SecretBox } from '@dataplat/kit';
import { TenantError } from '../errors';
import { operationalTenant, scopedTenant } from '../quotas/tenant-scope';
import type { TenantRepository } from '../tenants/tenant.repository';
import { toSettings } from '../tenants/tenant.model';
import type { OpenedConfig } from './connector-probes';
import type { ConnectorJobRunner } from './connector-runner';
import { maskedConfig, typeSpec, validateConfig } from './connector-types';
import type { CreateConnectorInput, UpdateConnectorInput } from './connector.inputs';
import type { ConnectorJobRow, ConnectorRepository, ConnectorRow } from './connector.repository';
import type { Connector, ConnectorDetail, ConnectorJob, ConnectorStatus } from './connector.type';

const actorOf = (p: Principal) => p.subject;

/** Seals and opens the secret fields of connectors (context: the connector id). */
export class ConnectorSecrets {
  constructor(private readonly box: SecretBox) {}

  seal(id: string, secrets: Record<string, string>): string | null {
    return Object.keys(secrets).length === 0 ? null : this.box.seal(JSON.stringify(secrets), id);
  }

  names(row: ConnectorRow): string[] {
    return Object.keys(this.secrets(row));
  }

  secrets(row: ConnectorRow): Record<string, string> {
    return row.sealedSecrets ? (JSON.parse(this.box.open(row.sealedSecrets, row.id)) as Record<string, string>) : {};
  }

  /** The full configuration (clear fields and secrets) for the probes. */
  open(row: ConnectorRow): OpenedConfig {
    return { ...(row.config as Record<string, unknown>), ...this.secrets(row) };
  }
}

export function toJob(row: ConnectorJobRow): ConnectorJob {
  const durationMs = row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null;
  return { ...row, result: (row.result as Record<string, unknown> | null) ?? null, durationMs };
}

/** Connectors of a tenant, their tests and metadata syncs (docs/tenant-operations.md). */
export class ConnectorService {
  constructor(
    private readonly repo: ConnectorRepository,
    private readonly tenants: TenantRepository,
    private readonly secrets: ConnectorSecrets,
    private readonly runner: ConnectorJobRunner,
  ) {}

  toConnector(row: ConnectorRow): Connector {
    const metadata = row.metadata as { tables?: unknown[] } | null;
    return {
      ...row,
      config: maskedConfig(row.type, row.config as Record<string, unknown>, this.secrets.names(row)),
      secretFields: this.secrets.names(row),
      tableCount: metadata?.tables ? metadata.tables.length : null,
    };
  }

  async list(caller: Principal, tenantId: string, args: PageArgs): Promise<Page<Connector>> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const { skip, take } = pageWindow(args);
    const [rows, total] = await this.repo.list(tenant.id, skip, take);
    return { data: rows.map((r) => this.toConnector(r)), pagination: paginate(args.page, args.size, total) };
  }

  async get(caller: Principal, tenantId: string, id: string): Promise<ConnectorDetail> {
    const row = await this.row(caller, tenantId, id);
    return { ...this.toConnector(row), metadata: (row.metadata as Record<string, unknown> | null) ?? null };
  }

  /** 409 DPF-TEN-123 at settings.maxConnectors, 409 DPF-TEN-121 for a name in use. */
  async create(caller: Principal, tenantId: string, input: CreateConnectorInput): Promise<Connector> {
    const tenant = await operationalTenant(this.tenants, caller, tenantId);
    const type = input.type.trim().toLowerCase();
    const { config, secrets } = validateConfig(type, input.config ?? {});
    const max = toSettings(tenant.settings).maxConnectors;
    const data = { name: input.name.trim(), type, description: input.description?.trim() || null, config, createdBy: actorOf(caller) };
    const row = await this.unique(() => this.repo.create(tenant.id, data, max, (id) => this.secrets.seal(id, secrets)));
    if (!row) throw new DomainError(TenantError.CONNECTOR_LIMIT_REACHED, `The tenant has reached its maximum of ${max} connectors`, { maxConnectors: max });
    return this.toConnector(row);
  }

  async update(caller: Principal, tenantId: string, id: string, input: UpdateConnectorInput): Promise<Connector> {
    await operationalTenant(this.tenants, caller, tenantId);
    const row = await this.row(caller, tenantId, id);
    const data: Prisma.ConnectorUpdateInput = {};
    if (input.name != null) data.name = input.name.trim();
    if (input.description !== undefined) data.description = input.description?.trim() || null;
    if (input.config != null) {
      const merged: Record<string, unknown> = { ...this.secrets.open(row), ...input.config };
      for (const [k, v] of Object.entries(merged)) if (v === null) delete merged[k];
      const { config, secrets } = validateConfig(row.type, merged);
      data.config = config;
      data.sealedSecrets = this.secrets.seal(row.id, secrets);
      data.health = 'UNTESTED';
    }
    if (Object.keys(data).length === 0) return this.toConnector(row);
    return this.toConnector(await this.unique(() => this.repo.update(row.tenantId, row.id, data)));
  }

  async delete(caller: Principal, tenantId: string, id: string): Promise<boolean> {
    const row = await this.row(caller, tenantId, id);
    if (!(await this.repo.delete(row.tenantId, row.id))) throw new DomainError(TenantError.CONNECTOR_NOT_FOUND);
    return true;
  }

  /** Queues a connection test (202); 409 DPF-TEN-125 while one is queued or running. */
  test(caller: Principal, tenantId: string, id: string): Promise<ConnectorJob> {
    return this.enqueue(caller, tenantId, id, 'TEST');
  }

  /** Queues a metadata sync; 400 DPF-TEN-126 for a type without a metadata reader. */
  sync(caller: Principal, tenantId: string, id: string): Promise<ConnectorJob> {
    return this.enqueue(caller, tenantId, id, 'SYNC');
  }

  async status(caller: Principal, tenantId: string, id: string, jobId?: string): Promise<ConnectorStatus> {
    const row = await this.row(caller, tenantId, id);
    let job: ConnectorJobRow | null = null;
    if (jobId) {
      job = isUuid(jobId.toLowerCase()) ? await this.repo.jobOf(row.tenantId, row.id, jobId.toLowerCase()) : null;
      if (!job) throw new DomainError(TenantError.CONNECTOR_JOB_NOT_FOUND, 'No such job for this connector');
    }
    const [lastTest, lastSync] = await Promise.all([this.repo.latestJob(row.tenantId, row.id, 'TEST'), this.repo.latestJob(row.tenantId, row.id, 'SYNC')]);
    return {
      connectorId: row.id, health: row.health, lastTestedAt: row.lastTestedAt, lastSyncedAt: row.lastSyncedAt,
      lastTest: lastTest && toJob(lastTest), lastSync: lastSync && toJob(lastSync), job: job && toJob(job),
    };
  }

  private async enqueue(caller: Principal, tenantId: string, id: string, kind: 'TEST' | 'SYNC'): Promise<ConnectorJob> {
    const row = await this.row(caller, tenantId, id);
    if (kind === 'SYNC' && !typeSpec(row.type).metadataSync) throw new DomainError(TenantError.CONNECTOR_SYNC_UNSUPPORTED, `Metadata sync is not available for ${row.type} connectors (postgresql only)`, { type: row.type });
    const job = await this.repo.enqueue(row.tenantId, row.id, kind, actorOf(caller));
    if (!job) throw new DomainError(TenantError.CONNECTOR_JOB_BUSY, `A ${kind.toLowerCase()} of this connector is already queued or running`, { kind });
    this.runner.kick(job.id);
    return toJob(job);
  }

  private async row(caller: Principal, tenantId: string, id: string): Promise<ConnectorRow> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const key = id.toLowerCase();
    const row = isUuid(key) ? await this.repo.find(tenant.id, key) : null;
    if (!row) throw new DomainError(TenantError.CONNECTOR_NOT_FOUND);
    return row;
  }

  /** A unique violation on (tenant_id, name) is 409 DPF-TEN-121. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(TenantError.CONNECTOR_NAME_EXISTS, undefined, {});
      throw e;
    }
  }
}
