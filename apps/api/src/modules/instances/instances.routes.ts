import {
  instanceListQuerySchema,
  instanceListSchema,
  instanceParamsSchema,
  instanceSchema,
  instanceStatsSchema,
} from '@nimbus/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { ok, okSchema } from '../../lib/envelope';
import { assertSignedIn, securedBy } from '../auth/auth.guard';
import type { Hypervisor } from '../compute/hypervisor';
import { clientHolds } from './etag';
import { instanceActionRoutes } from './instance-actions.routes';
import { createInstanceReads, type Versioned, type VersionSource } from './instance-reads.service';
import { instanceSubscriptionRoutes } from './instance-subscription.routes';
import { readVersion, type SignIn, versionTag } from './instance-version';

const tags = ['instances'];
const polled = ' Answers carry a strong ETag; with a matching If-None-Match the answer is 304 with no body.';

/**
 * A polled read. With If-None-Match, the version of what it shows is read first (with the sign-in check,
 * one statement): 304 when the tag names it, without running the read; else the read, tagged. Without
 * If-None-Match (a first load) the read and its version come from one statement. Either way the tag is
 * never newer than the body, so a change committed meanwhile makes the next poll fetch again, and the
 * account status the read uses comes from that version, not from the sign-in.
 */
function versioned(db: AppDeps['db']) {
  /** Who asks, and how (an access token's session is checked in the read's own statement). */
  async function signedIn(request: FastifyRequest): Promise<{ id: number; signIn: SignIn }> {
    const claims = await request.server.accessTokenClaims(request);
    if (claims)
      return { id: claims.customerId, signIn: { via: 'access_token', sessionId: claims.sessionId } };
    // An API token: the guard's own check.
    const { id } = await request.server.authenticateCustomer(request);
    return { id, signIn: { via: 'api_token' } };
  }

  return async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: (customerId: number, source: VersionSource) => Promise<Versioned<T>>,
  ): Promise<{ code: string; detail: string; data: T } | undefined> => {
    const { id, signIn } = await signedIn(request);
    // Browsers revalidate instead of reusing a stale answer.
    reply.header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === undefined) {
      const { version, answer } = await read(id, { signIn }).catch(async (error: unknown) => {
        // A refusal of the read (404, a bad range) must not answer an ended sign-in: that is a 401.
        assertSignedIn(await readVersion(db, id, signIn));
        throw error;
      });
      assertSignedIn(version);
      reply.header('etag', versionTag(version, request.url));
      return ok(answer as T);
    }
    const version = await readVersion(db, id, signIn);
    assertSignedIn(version);
    const etag = versionTag(version, request.url);
    if (clientHolds(request, etag)) {
      // Sent here: an async handler's undefined then means "already answered".
      reply.code(304).header('etag', etag).send();
      return undefined;
    }
    const { answer } = await read(id, { read: version });
    reply.header('etag', etag);
    return ok(answer as T);
  };
}

/**
 * Reads of the instance list tab and instance page (list, counts, detail), then the actions and the
 * subscription routes. Everything is the signed-in customer's: another customer's instance is a 404.
 * The static paths (/instances/stats, /instances/bulk-subscription-refund) come before /instances/:id.
 */
export function instanceRoutes(deps: AppDeps & { hypervisor: Hypervisor }) {
  const reads = createInstanceReads(deps);
  const polledRead = versioned(deps.db);
  return async (plugin: FastifyInstance) => {
    // No preHandler guard here: the polled reads check the sign-in in their version read, and the
    // subscription and action routes install `requireCustomer` themselves.
    const app = plugin.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/instances/stats',
      {
        schema: {
          tags,
          summary: `Instance counts: live, powered on, shut down, suspended.${polled}`,
          security: securedBy,
          response: { 200: okSchema(instanceStatsSchema) },
        },
      },
      (request, reply) => polledRead(request, reply, (id, source) => reads.stats(id, source)),
    );

    app.get(
      '/instances',
      {
        schema: {
          tags,
          summary:
            'Live instances, newest first, paged by `bookmark` (keyset); pending GPU preorders first on the ' +
            `first page. Filters: status, interval (insertedAt), ipv4 (main IP), region.${polled}`,
          security: securedBy,
          querystring: instanceListQuerySchema,
          response: { 200: okSchema(instanceListSchema) },
        },
      },
      (request, reply) => polledRead(request, reply, (id, source) => reads.list(id, request.query, source)),
    );

    await app.register(instanceSubscriptionRoutes(deps));

    app.get(
      '/instances/:id',
      {
        schema: {
          tags,
          summary: `One instance; failed, deleted and other customers' instances are 404.${polled}`,
          security: securedBy,
          params: instanceParamsSchema,
          response: { 200: okSchema(instanceSchema) },
        },
      },
      (request, reply) =>
        polledRead(request, reply, (id, source) => reads.detail(id, request.params.id, source)),
    );

    await app.register(instanceActionRoutes(deps));
  };
}
