import type { IdentityCore, IdentityModule } from '../core';
import { MfaPolicyRepository } from '../mfa/mfa-policy.repository';
import { sessionService } from '../sessions/sessions.module';
import { DeviceLoginGate } from './device-login';
import { DeviceRepository } from './device.repository';
import { DeviceResolver } from './device.resolver';
import { DeviceService } from './device.service';

/** What login needs of devices (wired into the auth module). */
export function deviceLoginGate(core: IdentityCore): DeviceLoginGate {
  return new DeviceLoginGate(new DeviceRepository(core.db), new MfaPolicyRepository(core.db));
}

/** devices: spec 1 "Devices" (issue 3). */
export function devicesModule(core: IdentityCore): IdentityModule {
  return { resolvers: [new DeviceResolver(new DeviceService(new DeviceRepository(core.db), sessionService(core), core.config.MAX_TRUSTED_DEVICES))] };
}
