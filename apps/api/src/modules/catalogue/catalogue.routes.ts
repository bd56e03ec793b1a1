import {
  appConfigSchema,
  applicationCategorySchema,
  applicationListSchema,
  applicationParamsSchema,
  applicationSchema,
  applicationsQuerySchema,
  bannerSchema,
  featureMapSchema,
  type GatewayName,
  osListSchema,
  osQuerySchema,
  paymentGatewaySchema,
  productSchema,
  productsQuerySchema,
  regionSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ok, okSchema } from '../../lib/envelope';
import { enabledGatewayNames } from '../payments/gateways/enabled';
import type { CatalogueService } from './catalogue.service';

const tags = ['catalogue'];

/**
 * The catalogue's routes. All public: the cart shows plans, images and prices before anyone signs in.
 */
export function catalogueRoutes(deps: { config: Config; catalogue: CatalogueService }) {
  const { catalogue } = deps;
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/regions',
      {
        schema: {
          tags,
          summary: 'Regions (hidden and inactive ones flagged)',
          response: { 200: okSchema(z.array(regionSchema)) },
        },
      },
      async () => ok(await catalogue.regions()),
    );

    app.get(
      '/plans',
      {
        schema: {
          tags,
          summary: 'Every active plan once, without region price or region (regionId null)',
          response: { 200: okSchema(z.array(productSchema)) },
        },
      },
      async () => ok(await catalogue.plans()),
    );

    app.get(
      '/products',
      {
        schema: {
          tags,
          summary: 'Plans as sold per region, filtered by region, image, application, features and action',
          querystring: productsQuerySchema,
          response: { 200: okSchema(z.array(productSchema)) },
        },
      },
      async (request) => ok(await catalogue.products(request.query)),
    );

    app.get(
      '/os',
      {
        schema: {
          tags,
          summary:
            'Operating system families and images; `disabled` reflects the chosen application and features',
          querystring: osQuerySchema,
          response: { 200: okSchema(osListSchema) },
        },
      },
      async (request) => ok(await catalogue.os(request.query)),
    );

    app.get(
      '/features',
      {
        schema: {
          tags,
          summary: 'Optional features keyed by id, with monthly price and requirements',
          response: { 200: okSchema(featureMapSchema) },
        },
      },
      async () => ok(await catalogue.features()),
    );

    app.get(
      '/app-configs',
      {
        schema: {
          tags,
          summary: 'Business constants and unit prices of the provider',
          response: { 200: okSchema(appConfigSchema) },
        },
      },
      async () => ok(await catalogue.appConfig()),
    );

    app.get(
      '/applications',
      {
        schema: {
          tags,
          summary: 'One-click applications, searchable by name and tags, paged (12 per page by default)',
          querystring: applicationsQuerySchema,
          response: { 200: okSchema(applicationListSchema) },
        },
      },
      async (request) => ok(await catalogue.applications(request.query)),
    );

    app.get(
      '/applications/tags',
      {
        schema: {
          tags,
          summary: 'Application categories',
          response: { 200: okSchema(z.array(applicationCategorySchema)) },
        },
      },
      async () => ok(await catalogue.applicationTags()),
    );

    app.get(
      '/applications/:id',
      {
        schema: {
          tags,
          summary: 'One application',
          params: applicationParamsSchema,
          response: { 200: okSchema(applicationSchema) },
        },
      },
      async (request) => ok(await catalogue.application(request.params.id)),
    );

    app.get(
      '/payments/gateways',
      {
        schema: {
          tags,
          summary:
            'Payment gateways enabled on this install, for topping up credit (feePercent is a fraction)',
          response: { 200: okSchema(z.array(paymentGatewaySchema)) },
        },
      },
      async () => {
        const enabled = enabledGatewayNames(deps.config);
        return ok((await catalogue.paymentGateways()).filter((g) => enabled.includes(g.name as GatewayName)));
      },
    );

    app.get(
      '/banner',
      {
        schema: {
          tags,
          summary: 'The announcement banner, or null',
          response: { 200: okSchema(bannerSchema) },
        },
      },
      async () => ok(await catalogue.banner()),
    );
  };
}
