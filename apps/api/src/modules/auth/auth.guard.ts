import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app';

/** Decorates requests with the signed-in customer (access token or API token); see auth module. */
export async function registerAuthGuard(_app: FastifyInstance, _deps: AppDeps) {}
