import { Arg, Args, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import { BlockDeviceInput, DeviceListArgs, RegisterDeviceInput, RenameDeviceInput } from './device.inputs';
import type { DeviceService } from './device.service';
import { Device, DevicePage, UntrustedDevices } from './device.type';

/** The caller's own devices (spec 1 "Devices"). */
@Resolver(() => Device)
export class DeviceResolver {
  constructor(private readonly service: DeviceService) {}

  @Authorized('devices:read')
  @Query(() => DevicePage, { description: 'The caller\'s devices (only trusted ones with trusted: true), most recently seen first.' })
  devices(
    @Args() args: DeviceListArgs,
    @Arg('trusted', () => Boolean, { defaultValue: false, description: 'Only trusted devices.' }) trusted: boolean,
    @Ctx() ctx: RequestContext,
  ): Promise<DevicePage> {
    return this.service.list(requirePrincipal(ctx), args, trusted);
  }

  @Authorized('devices:write')
  @Mutation(() => Device, { description: 'Registers a fingerprint, or updates its details and records another use.' })
  registerDevice(@Arg('input') input: RegisterDeviceInput, @Ctx() ctx: RequestContext): Promise<Device> {
    return this.service.register(requirePrincipal(ctx), input, ctx.client);
  }

  @Authorized('devices:write')
  @Mutation(() => Device, { description: 'Marks a device trusted (at most MAX_TRUSTED_DEVICES per user).' })
  trustDevice(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<Device> {
    return this.service.trust(requirePrincipal(ctx), id);
  }

  @Authorized('devices:write')
  @Mutation(() => Device, { description: 'Removes the trust of a device.' })
  untrustDevice(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<Device> {
    return this.service.untrust(requirePrincipal(ctx), id);
  }

  @Authorized('devices:write')
  @Mutation(() => UntrustedDevices, { description: 'Removes the trust of every device of the caller.' })
  async untrustAllDevices(@Ctx() ctx: RequestContext): Promise<UntrustedDevices> {
    return { untrusted: await this.service.untrustAll(requirePrincipal(ctx)) };
  }

  @Authorized('devices:write')
  @Mutation(() => Device)
  renameDevice(@Arg('id', () => Int) id: number, @Arg('input') input: RenameDeviceInput, @Ctx() ctx: RequestContext): Promise<Device> {
    return this.service.rename(requirePrincipal(ctx), id, input.deviceName);
  }

  @Authorized('devices:write')
  @Mutation(() => Device, { description: 'Blocks a device: sign-in from it is refused and its sessions are revoked.' })
  blockDevice(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => BlockDeviceInput, { nullable: true }) input: BlockDeviceInput | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<Device> {
    return this.service.block(requirePrincipal(ctx), id, input ?? undefined, ctx.client);
  }

  @Authorized('devices:write')
  @Mutation(() => Device)
  unblockDevice(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<Device> {
    return this.service.unblock(requirePrincipal(ctx), id);
  }

  @Authorized('devices:write')
  @Mutation(() => Boolean, { description: 'Forgets a device (a blocked one must be unblocked first).' })
  removeDevice(@Arg('id', () => Int) id: number, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.remove(requirePrincipal(ctx), id);
  }
}
