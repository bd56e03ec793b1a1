import type { Database } from '../../db/client';
import { regionExists } from '../catalogue/catalogue.repository';
import {
  addBaseImage,
  addHost,
  addPool,
  HostAdminError,
  listBaseImages,
  listHosts,
  listPools,
  removeBaseImage,
  removeHost,
  setDraining,
} from '../compute/libvirt/host-admin';
import { UsageError } from './admin.errors';
import type { ComputeCommand } from './compute.args';

/** Runs a hosts, images or pools command; a refusal of the host or the rules is a UsageError. */
export async function runComputeCommand(deps: { db: Database }, command: ComputeCommand): Promise<string[]> {
  const { db } = deps;
  const inRegion = async (regionId: number) => {
    if (!(await regionExists(db, regionId))) throw new UsageError(`There is no region ${regionId}.`);
  };
  try {
    switch (command.name) {
      case 'hosts-add': {
        await inRegion(command.regionId);
        const host = await addHost(db, { ...command, name: command.host });
        return [
          `Host ${host.name} added to region ${host.regionId} (${host.domainType === 'kvm' ? 'KVM' : 'software emulation'}).`,
        ];
      }
      case 'hosts-list':
        return listHosts(db);
      case 'hosts-drain':
      case 'hosts-undrain':
        await setDraining(db, command.host, command.name === 'hosts-drain');
        return [
          command.name === 'hosts-drain'
            ? `${command.host} takes no new servers.`
            : `${command.host} takes new servers again.`,
        ];
      case 'hosts-remove':
        await removeHost(db, command.host);
        return [`Host ${command.host} removed.`];
      case 'images-add':
        await addBaseImage(db, command);
        return [`Servers of ${command.image} on ${command.host} start from ${command.volume}.`];
      case 'images-list':
        return listBaseImages(db);
      case 'images-remove':
        await removeBaseImage(db, command.host, command.image);
        return [`${command.image} removed from ${command.host}.`];
      case 'pools-add':
        await inRegion(command.regionId);
        await addPool(db, command);
        return [`Pool ${command.network} added to region ${command.regionId}.`];
      case 'pools-list':
        return listPools(db);
    }
  } catch (error) {
    if (error instanceof HostAdminError) throw new UsageError(error.message);
    throw error;
  }
}
