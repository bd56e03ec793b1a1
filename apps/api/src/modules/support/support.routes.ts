import {
  createFollowupSchema,
  createTicketSchema,
  followupListQuerySchema,
  followupListSchema,
  followupSchema,
  idParamsSchema,
  rateFollowupSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketSchema,
  ticketStatusCountsSchema,
  updateTicketSchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { TicketService } from './tickets.service';

const tags = ['support'];

/** Tickets and their follow-ups (platform.md §7 Support). */
export function supportRoutes(deps: { tickets: TicketService }) {
  const { tickets } = deps;
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/tickets',
      {
        schema: {
          tags,
          summary:
            "The customer's tickets, most recently updated first; filter by department, exact statuses " +
            '(comma-separated) and the related instance (`relatedServiceId`)',
          security: securedBy,
          querystring: ticketListQuerySchema,
          response: { 200: okSchema(ticketListSchema) },
        },
      },
      async (request) => ok(await tickets.list(customerOf(request).id, request.query)),
    );

    app.get(
      '/tickets/status',
      {
        schema: {
          tags,
          summary: 'How many tickets each shown status has (every team’s pending counts as pending)',
          security: securedBy,
          response: { 200: okSchema(ticketStatusCountsSchema) },
        },
      },
      async (request) => ok(await tickets.statusCounts(customerOf(request).id)),
    );

    app.post(
      '/tickets',
      {
        schema: {
          tags,
          summary:
            'Open a ticket with its first message and uploaded attachments; 400 FORBIDDEN_CONTENT for a card ' +
            'number or a word the provider refuses, ATTACHMENT_NOT_FOUND, RELATED_SERVICE_NOT_FOUND',
          security: securedBy,
          body: createTicketSchema,
          response: { 201: okSchema(ticketSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await tickets.create(customerOf(request), request.body), 'Ticket opened.')),
    );

    app.get(
      '/tickets/:id',
      {
        schema: {
          tags,
          summary: 'One ticket',
          security: securedBy,
          params: idParamsSchema,
          response: { 200: okSchema(ticketSchema) },
        },
      },
      async (request) => ok(await tickets.get(customerOf(request).id, request.params.id)),
    );

    app.put(
      '/tickets/:id',
      {
        schema: {
          tags,
          summary: 'Mark the ticket resolved (a reply reopens it); 409 TICKET_CLOSED on a closed one',
          security: securedBy,
          params: idParamsSchema,
          body: updateTicketSchema,
          response: { 200: okSchema(ticketSchema) },
        },
      },
      async (request) =>
        ok(await tickets.resolve(customerOf(request).id, request.params.id), 'Ticket marked as resolved.'),
    );

    app.get(
      '/followups',
      {
        schema: {
          tags,
          summary: "A ticket's messages, oldest first, with their attachments",
          security: securedBy,
          querystring: followupListQuerySchema,
          response: { 200: okSchema(followupListSchema) },
        },
      },
      async (request) =>
        ok({ followups: await tickets.followups(customerOf(request).id, request.query.ticketId) }),
    );

    app.post(
      '/followups',
      {
        schema: {
          tags,
          summary: 'Reply to a ticket (reopens a resolved one); 409 TICKET_CLOSED on a closed one',
          security: securedBy,
          body: createFollowupSchema,
          response: { 201: okSchema(followupSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await tickets.reply(customerOf(request), request.body), 'Reply sent.')),
    );

    app.patch(
      '/followups/:id',
      {
        schema: {
          tags,
          summary: 'Rate a staff reply (`isLiked`, null to take the rating back)',
          security: securedBy,
          params: idParamsSchema,
          body: rateFollowupSchema,
          response: { 200: okSchema(followupSchema) },
        },
      },
      async (request) =>
        ok(await tickets.rate(customerOf(request).id, request.params.id, request.body.isLiked)),
    );
  };
}
