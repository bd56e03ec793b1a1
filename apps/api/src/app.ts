import { randomUUID } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { accountModule } from './modules/account/account.module';
import { activityLogModule } from './modules/activity-log/activity-log.module';
import { registerAuthGuard } from './modules/auth/auth.guard';
import { authModule } from './modules/auth/auth.module';
import { autoRechargeModule } from './modules/auto-recharge/auto-recharge.module';
import { backupsModule } from './modules/backups/backups.module';
import { billingModule } from './modules/billing/billing.module';
import { brandingRoutes } from './modules/branding/branding.routes';
import { catalogueModule } from './modules/catalogue/catalogue.module';
import { consoleModule } from './modules/console/console.module';
import { eventsModule } from './modules/events/events.module';
import { floatingIpsModule } from './modules/floating-ips/floating-ips.module';
import { healthRoutes } from './modules/health/health.routes';
import { registerIdempotency } from './modules/idempotency/idempotency.plugin';
import { instancesModule } from './modules/instances/instances.module';
import { networkModule } from './modules/instances/network/network.module';
import { isosModule } from './modules/isos/isos.module';
import { mailModule } from './modules/mail/mail.module';
import { monitoringModule } from './modules/monitoring/monitoring.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { paymentsModule } from './modules/payments/payments.module';
import { sandboxCheckoutAbsent, sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes';
import { preordersModule } from './modules/preorders/preorders.module';
import { snapshotsModule } from './modules/snapshots/snapshots.module';
import { sshKeysModule } from './modules/ssh-keys/ssh-keys.module';
import { supportModule } from './modules/support/support.module';
import { surveysModule } from './modules/surveys/surveys.module';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { onClientError, onFrameworkError } from './plugins/framework-errors';
import { createPostgresRateLimitStore } from './plugins/rate-limit-store';
import { OneLinePerRequest } from './plugins/request-log';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticWeb } from './plugins/static-web';
import { registerStorableTextCheck } from './plugins/storable-text';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const { gateways } = deps;
  const app = Fastify({
    // The process's one logger (logger.ts), shared with the job queue and the jobs.
    loggerInstance: deps.log,
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Refusals before any route (bad URL encoding, over-long parameter, oversized headers) as envelopes.
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their schemas outside production only (see response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV !== 'production'));
  // Every answer names its request (given by the client or generated), to quote in a support request;
  // on send, so the HTTP layer's own refusals carry it too.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerStorableTextCheck(app);
  await registerCompression(app);

  await app.register(fastifyRateLimit, {
    global: true,
    max: config.RATE_LIMIT_GLOBAL_MAX,
    timeWindow: 60_000,
    store: createPostgresRateLimitStore(deps.db),
    allowList: (req) =>
      req.url.startsWith('/api/health') || req.url.startsWith('/api/ready') || !req.url.startsWith('/api'),
  });

  await registerAuthGuard(app, deps);
  // Before the routes: it marks those registered with `config: { idempotent: true }`.
  registerIdempotency(app, deps);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.BRAND_NAME} customer API`,
        description:
          'Every answer is an envelope { code, detail, data }. Authenticate with the access token in `x-token`, ' +
          'or with an API token as `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'x-token' },
          apiToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // WebSockets (the remote console): small frames only, as RFB from a viewer is keys and pointer moves.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes(deps));
      await api.register(brandingRoutes(deps));
      // Area modules, each wiring its own services from `deps`.
      await api.register(authModule(deps));
      await api.register(accountModule(deps));
      await api.register(activityLogModule(deps));
      await api.register(catalogueModule(deps));
      await api.register(billingModule(deps));
      await api.register(paymentsModule(deps));
      await api.register(autoRechargeModule(deps));
      await api.register(sshKeysModule(deps));
      await api.register(floatingIpsModule(deps));
      await api.register(instancesModule(deps));
      await api.register(preordersModule(deps));
      await api.register(snapshotsModule(deps));
      await api.register(backupsModule(deps));
      await api.register(isosModule(deps));
      await api.register(consoleModule(deps));
      await api.register(monitoringModule(deps));
      await api.register(networkModule(deps));
      await api.register(supportModule(deps));
      await api.register(surveysModule(deps));
      await api.register(notificationsModule(deps));
      await api.register(eventsModule(deps));
    },
    { prefix: '/api' },
  );

  // Development mailbox (/dev/mailbox) lives outside /api; mounted when DEV_MAILBOX is on (default without SMTP).
  await app.register(mailModule(deps));
  // The sandbox gateway's hosted checkout page, when the sandbox is enabled (else its paths answer 404).
  await app.register(
    gateways.enabled().includes('sandbox') ? sandboxCheckoutRoutes(deps) : sandboxCheckoutAbsent(),
  );
  await registerStaticWeb(app);
  return app;
}
