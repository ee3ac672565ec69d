import { isUniqueViolation, type Prisma } from '@dataplat/db';
import { DomainError, ErrorCode, isPlatformAdmin, isUuid, paginate, pageWindow, TENANT_STATUSES_WITHOUT_ACCESS, type Logger, type Page, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import { IdentityCallError, type IdentityGateway } from '../identity/identity-client';
import type { ProvisioningStarter } from '../provisioning/provisioning-workflow';
import type { ProvisionTenantInput, TenantListArgs, TenantSettingsInput, UpdateTenantInput } from './tenant.inputs';
import { DEFAULT_TIER, toSettings, toTenant, type Plan } from './tenant.model';
import { assertUpdatable, nextStatus, TRANSITIONS, type TenantAction } from './tenant-lifecycle';
import type { TenantRepository, TenantRow } from './tenant.repository';
import type { ProvisionedTenant, Tenant, TenantHealth, TenantHealthCheck, TenantStatusReport } from './tenant.type';

/** Slugs that name something else: `platform` logs in to the platform tenant. */
const RESERVED_SLUGS = new Set(['platform', 'admin', 'api', 'www', 'auth', 'graphql']);

const actorOf = (caller: Principal) => caller.subject;

/**
 * Tenants and their lifecycle (docs/tenant-lifecycle.md). A tenant administrator sees and
 * changes only their own tenant: any other id is 404, as if it did not exist.
 */
export class TenantService {
  constructor(
    private readonly repo: TenantRepository,
    private readonly identity: IdentityGateway,
    private readonly logger: Logger,
    private readonly provisioning?: ProvisioningStarter,
    /** Releases what the tenant holds once it is DEPROVISIONED (connectors, network records). */
    private readonly release?: (tenantId: string) => Promise<void>,
  ) {}

  async get(caller: Principal, id: string): Promise<Tenant> {
    return toTenant(await this.visible(caller, id));
  }

  async list(args: TenantListArgs): Promise<Page<Tenant>> {
    const { skip, take } = pageWindow(args);
    const { rows, total } = await this.repo.list({ status: args.status, plan: args.plan }, skip, take);
    return { data: rows.map(toTenant), pagination: paginate(args.page, args.size, total) };
  }

  /**
   * Creates the tenant (PROVISIONING), then its first administrator in identity through the
   * graph, then runs the provisioning workflow, which marks it ACTIVE (or FAILED). If identity refuses or cannot be reached, the tenant row is
   * removed again (nothing half-made stays) and the call answers 502 DPF-TEN-005.
   */
  async provision(caller: Principal, input: ProvisionTenantInput): Promise<ProvisionedTenant> {
    const slug = input.slug.toLowerCase();
    if (RESERVED_SLUGS.has(slug)) throw new DomainError(TenantError.TENANT_SLUG_EXISTS, `The slug "${slug}" is reserved`, { slug });
    const plan = input.plan as Plan;
    let row: TenantRow;
    try {
      row = await this.repo.create(
        {
          name: input.name.trim(),
          slug,
          plan,
          tier: input.tier ?? DEFAULT_TIER[plan],
          region: input.region,
          adminEmail: input.adminEmail.trim().toLowerCase(),
          settings: mergeSettings({}, input.settings),
        },
        actorOf(caller),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw new DomainError(TenantError.TENANT_SLUG_EXISTS, undefined, { slug });
      throw e;
    }
    let admin: { userId: string; temporaryPassword: string };
    try {
      admin = await this.identity.createFirstAdministrator(row.id, row.adminEmail);
    } catch (e) {
      await this.repo.delete(row.id);
      if (!(e instanceof IdentityCallError)) throw e;
      this.logger.warn({ tenantId: row.id, code: e.code, reason: e.message }, 'first administrator not created; tenant removed');
      throw new DomainError(TenantError.TENANT_ADMIN_NOT_CREATED, undefined, { reason: e.code ?? e.message });
    }
    await this.repo.update(row.id, { adminUserId: admin.userId });
    if (!this.provisioning) {
      const active = await this.move(caller, row.id, 'complete', { activatedAt: new Date() });
      return { ...toTenant(active), adminTemporaryPassword: admin.temporaryPassword };
    }
    // The provisioning workflow (docs/tenant-provisioning.md) runs to its end: ACTIVE, or FAILED to retry.
    await this.provisioning.provision(row.id, actorOf(caller));
    return { ...toTenant((await this.repo.find(row.id))!), adminTemporaryPassword: admin.temporaryPassword };
  }

  async update(caller: Principal, id: string, input: UpdateTenantInput): Promise<Tenant> {
    const row = await this.visible(caller, id);
    // Plan, tier and the limits in `settings` are what the tenant pays for (PUT .../limits is
    // Platform Admin in spec 2), and the region moves only through a migration: a tenant
    // administrator changes the name (and preferences at PUT .../settings).
    if ((input.plan != null || input.tier != null || input.settings != null || input.region != null) && !isPlatformAdmin(caller)) {
      throw new DomainError(ErrorCode.FORBIDDEN, 'Only a platform administrator can change plan, tier, region or limits');
    }
    assertUpdatable(row.status);
    const data: Prisma.TenantUpdateInput = {
      ...(input.name != null ? { name: input.name.trim() } : {}),
      ...(input.region != null ? { region: input.region } : {}),
      ...(input.plan != null ? { plan: input.plan } : {}),
      ...(input.tier != null ? { tier: input.tier } : {}),
      ...(input.settings != null ? { settings: mergeSettings(row.settings, input.settings) } : {}),
    };
    if (Object.keys(data).length === 0) return toTenant(row);
    return toTenant(await this.repo.update(row.id, data));
  }

  async suspend(caller: Principal, id: string, reason?: string): Promise<Tenant> {
    return toTenant(await this.move(caller, id, 'suspend', { suspendedAt: new Date() }, reason?.trim() || null));
  }

  async activate(caller: Principal, id: string): Promise<Tenant> {
    return toTenant(await this.move(caller, id, 'activate', { suspendedAt: null, activatedAt: new Date() }));
  }

  /**
   * DEPROVISIONING at once (the tenant's users are shut out from then on), then
   * DEPROVISIONED. The row and its history stay, and so does the slug.
   */
  async deprovision(caller: Principal, id: string): Promise<Tenant> {
    await this.move(caller, id, 'deprovision');
    const row = await this.move(caller, id, 'remove', { deprovisionedAt: new Date() });
    await this.release?.(row.id).catch((e) => this.logger.error({ err: e, tenantId: row.id }, 'tenant resources not released after deprovisioning'));
    return toTenant(row);
  }

  async status(caller: Principal, id: string): Promise<TenantStatusReport> {
    const row = await this.visible(caller, id);
    const history = await this.repo.history(row.id, 50);
    return {
      tenantId: row.id,
      slug: row.slug,
      status: row.status,
      reason: row.statusReason,
      since: history.find((h) => h.toStatus === row.status)?.createdAt ?? row.updatedAt,
      accessAllowed: !TENANT_STATUSES_WITHOUT_ACCESS.includes(row.status),
      allowedActions: (Object.keys(TRANSITIONS) as TenantAction[]).filter((a) => (TRANSITIONS[a].from as readonly string[]).includes(row.status) && PUBLIC_ACTIONS.has(a)),
      history: history.map((h) => ({ fromStatus: h.fromStatus, toStatus: h.toStatus, reason: h.reason, actor: h.actor, at: h.createdAt })),
    };
  }

  /** Checks run now: the tenant is ACTIVE, and its first administrator exists and is enabled in identity. */
  async health(caller: Principal, id: string): Promise<TenantHealth> {
    const row = await this.visible(caller, id);
    const checks: TenantHealthCheck[] = [{ name: 'status', healthy: row.status === 'ACTIVE', detail: `tenant is ${row.status}` }];
    checks.push(await this.administratorCheck(row));
    return { tenantId: row.id, status: row.status, healthy: checks.every((c) => c.healthy), checks, checkedAt: new Date() };
  }

  private async administratorCheck(row: TenantRow): Promise<TenantHealthCheck> {
    const name = 'administrator';
    if (!row.adminUserId) return { name, healthy: false, detail: 'no first administrator recorded' };
    try {
      const enabled = await this.identity.userEnabled(row.id, row.adminUserId);
      if (enabled === null) return { name, healthy: false, detail: 'the first administrator no longer exists in identity' };
      return { name, healthy: enabled, detail: enabled ? 'the first administrator is enabled' : 'the first administrator is disabled' };
    } catch (e) {
      return { name, healthy: false, detail: `identity could not be asked: ${e instanceof IdentityCallError ? (e.code ?? e.message) : 'error'}` };
    }
  }

  /** The tenant if the caller may see it: platform administrators any, others their own. */
  private async visible(caller: Principal, id: string): Promise<TenantRow> {
    const key = id.toLowerCase();
    if (!isUuid(key) || (!isPlatformAdmin(caller) && caller.tenantId !== key)) throw new DomainError(TenantError.TENANT_NOT_FOUND);
    const row = await this.repo.find(key);
    if (!row) throw new DomainError(TenantError.TENANT_NOT_FOUND);
    return row;
  }

  /** One move of the state machine; a concurrent move that got there first makes this one 409. */
  private async move(caller: Principal, id: string, action: TenantAction, data?: Prisma.TenantUpdateManyMutationInput, reason: string | null = null): Promise<TenantRow> {
    const row = await this.visible(caller, id);
    const to = nextStatus(row.status, action);
    const moved = await this.repo.moveStatus(row.id, { from: row.status, to, reason, actor: actorOf(caller), data });
    if (moved) return moved;
    const now = await this.repo.find(row.id);
    nextStatus(now?.status ?? row.status, action);
    throw new DomainError(TenantError.TENANT_ILLEGAL_TRANSITION, undefined, { status: now?.status, action });
  }
}

/** Actions callers can ask for (the others are steps of provisioning and deprovisioning). */
const PUBLIC_ACTIONS = new Set<TenantAction>(['suspend', 'activate', 'deprovision']);

/** Settings after applying `patch` (omitted fields keep their value). */
export function mergeSettings(current: unknown, patch: TenantSettingsInput | undefined): Prisma.InputJsonValue {
  const base = toSettings(current);
  const merged = { ...base, ...Object.fromEntries(Object.entries(patch ?? {}).filter(([, v]) => v !== undefined && v !== null)) };
  return merged as Prisma.InputJsonValue;
}
