import { readFileSync } from 'node:fs';
import type { Config } from '../../config';
import type { IsoSourceOptions } from './iso-source';

/** The operator's mirror settings as the ISO source reads them (config.ts ISO_MIRROR_*). */
export function isoSourceOptions(
  config: Pick<Config, 'ISO_MIRROR_ORIGINS' | 'ISO_MIRROR_CA_FILE'>,
): IsoSourceOptions {
  return {
    trusted: new Set(config.ISO_MIRROR_ORIGINS.map((origin) => new URL(origin).origin)),
    ca: config.ISO_MIRROR_CA_FILE ? readFileSync(config.ISO_MIRROR_CA_FILE, 'utf8') : undefined,
  };
}
