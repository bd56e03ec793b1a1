import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { sshKeysRoutes } from './ssh-keys.routes';
import { createSshKeyService } from './ssh-keys.service';

/** Routes of the SSH keys area, mounted under /api. */
export function sshKeysModule(deps: AppDeps) {
  const sshKeys = createSshKeyService({ db: deps.db });
  return async (app: FastifyInstance) => {
    await app.register(sshKeysRoutes({ sshKeys }));
  };
}
