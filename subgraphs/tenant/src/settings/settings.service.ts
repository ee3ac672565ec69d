import { DomainError, type Principal } from '@dataplat/kit';
import { TenantError } from '../errors';
import type { ConnectorRepository } from '../connectors/connector.repository';
import type { NetworkRepository } from '../network/network.repository';
import { hostOf, ingressDnsTarget } from '../network/network.service';
import { scopedTenant } from '../quotas/tenant-scope';
import { toSettings } from '../tenants/tenant.model';
import type { TenantRepository, TenantRow } from '../tenants/tenant.repository';
import { mergeSettings } from '../tenants/tenant.service';
import type { TenantLimitsInput, TenantPreferencesInput } from './settings.inputs';
import type { SettingsRepository } from './settings.repository';
import type { TenantSettingsView } from './settings.type';

/** Preferences of a tenant that has never saved any. */
export const DEFAULT_PREFERENCES = { timezone: 'UTC', locale: 'en-US', dataRetentionDays: 365, notificationEmail: null, defaultRegion: null };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGION = /^[a-z]{2,}(-[a-z]+)+-\d{1,2}$/;
const invalid = (field: string, message: string) => new DomainError(TenantError.SETTINGS_INVALID, message, { field });

/** An IANA time zone name as the runtime knows it (Intl), e.g. Europe/Paris or UTC. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A BCP 47 locale in its canonical form, or null. */
export function canonicalLocale(locale: string): string | null {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale)) return null;
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? null;
  } catch {
    return null;
  }
}

/** GET/PUT /settings and PUT /limits (docs/tenant-operations.md "Settings and limits"). */
export class SettingsService {
  constructor(
    private readonly repo: SettingsRepository,
    private readonly tenants: TenantRepository,
    private readonly connectors: ConnectorRepository,
    private readonly network: NetworkRepository,
  ) {}

  async get(caller: Principal, tenantId: string): Promise<TenantSettingsView> {
    return this.view(await scopedTenant(this.tenants, caller, tenantId));
  }

  /** Preferences only: the fields a tenant administrator may change. */
  async update(caller: Principal, tenantId: string, input: TenantPreferencesInput): Promise<TenantSettingsView> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    const current = (await this.repo.preferences(tenant.id)) ?? DEFAULT_PREFERENCES;
    const next = { timezone: current.timezone, locale: current.locale, dataRetentionDays: current.dataRetentionDays, notificationEmail: current.notificationEmail, defaultRegion: current.defaultRegion };
    if (input.timezone != null) {
      if (!isTimeZone(input.timezone.trim())) throw invalid('timezone', `"${input.timezone}" is not an IANA time zone`);
      next.timezone = input.timezone.trim();
    }
    if (input.locale != null) {
      const locale = canonicalLocale(input.locale.trim());
      if (!locale) throw invalid('locale', `"${input.locale}" is not a BCP 47 locale`);
      next.locale = locale;
    }
    if (input.dataRetentionDays != null) next.dataRetentionDays = input.dataRetentionDays;
    if (input.notificationEmail != null) {
      const email = input.notificationEmail.trim().toLowerCase();
      if (email && !EMAIL.test(email)) throw invalid('notificationEmail', 'notificationEmail must be an e-mail address');
      next.notificationEmail = email || null;
    }
    if (input.defaultRegion != null) {
      const region = input.defaultRegion.trim().toLowerCase();
      if (region && !REGION.test(region)) throw invalid('defaultRegion', 'defaultRegion must look like eu-west-1');
      next.defaultRegion = region || null;
    }
    await this.repo.savePreferences(tenant.id, { ...next, updatedBy: caller.subject });
    return this.view(tenant);
  }

  /** Platform administrators: limits; maxConnectors below the current count is refused (400 DPF-TEN-128). */
  async setLimits(caller: Principal, tenantId: string, input: TenantLimitsInput): Promise<TenantSettingsView> {
    const tenant = await scopedTenant(this.tenants, caller, tenantId);
    if (input.maxConnectors != null) {
      const count = await this.connectors.count(tenant.id);
      if (input.maxConnectors < count) {
        throw new DomainError(TenantError.LIMITS_INVALID, `The tenant has ${count} connectors; delete some before lowering maxConnectors to ${input.maxConnectors}`, { field: 'maxConnectors', current: count });
      }
    }
    const { maxUsers, maxConnectors, gpuEnabled, dedicatedIngress, maxStorageGb, maxPipelines, maxApiKeys } = input;
    const inSettings = { maxUsers, maxConnectors, gpuEnabled, dedicatedIngress };
    const changesSettings = Object.values(inSettings).some((v) => v != null);
    const current = await this.repo.limits(tenant.id);
    await this.repo.saveLimits(tenant.id, changesSettings ? mergeSettings(tenant.settings, inSettings) : null, {
      maxStorageGb: maxStorageGb ?? current?.maxStorageGb ?? null,
      maxPipelines: maxPipelines ?? current?.maxPipelines ?? null,
      maxApiKeys: maxApiKeys ?? current?.maxApiKeys ?? null,
      updatedBy: caller.subject,
    });
    if (dedicatedIngress != null && dedicatedIngress !== toSettings(tenant.settings).dedicatedIngress) {
      const cls = dedicatedIngress ? 'dedicated' : 'shared';
      await this.network.setIngressClass(tenant.id, hostOf(tenant), cls, ingressDnsTarget(tenant, cls));
    }
    return this.view((await this.tenants.find(tenant.id))!);
  }

  private async view(tenant: TenantRow): Promise<TenantSettingsView> {
    const [prefs, limits, connectors] = await Promise.all([this.repo.preferences(tenant.id), this.repo.limits(tenant.id), this.connectors.count(tenant.id)]);
    const s = toSettings(tenant.settings);
    const p = prefs ?? DEFAULT_PREFERENCES;
    return {
      tenantId: tenant.id,
      limits: { ...s, maxStorageGb: limits?.maxStorageGb ?? null, maxPipelines: limits?.maxPipelines ?? null, maxApiKeys: limits?.maxApiKeys ?? null },
      preferences: { timezone: p.timezone, locale: p.locale, dataRetentionDays: p.dataRetentionDays, notificationEmail: p.notificationEmail, defaultRegion: p.defaultRegion },
      usage: { connectors },
      updatedAt: [prefs?.updatedAt, limits?.updatedAt].filter((d): d is Date => !!d).sort((a, b) => b.getTime() - a.getTime())[0] ?? null,
    };
  }
}
