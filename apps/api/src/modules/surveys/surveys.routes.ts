import {
  lastSubmissionQuerySchema,
  lastSubmissionSchema,
  submitSurveyResultSchema,
  submitSurveySchema,
  surveyIdParamsSchema,
  surveyQuerySchema,
  surveyResultsSchema,
  surveySchema,
} from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../lib/envelope';
import { customerOf, requireCustomer, securedBy } from '../auth/auth.guard';
import type { SurveyService } from './surveys.service';

const tags = ['surveys'];

/** Satisfaction surveys (platform.md §7 Surveys). */
export function surveysRoutes(deps: { surveys: SurveyService }) {
  const { surveys } = deps;
  return async (plugin: FastifyInstance) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireCustomer);

    app.get(
      '/surveys',
      {
        schema: {
          tags,
          summary: 'The survey of a type, with its choices',
          security: securedBy,
          querystring: surveyQuerySchema,
          response: { 200: okSchema(surveySchema) },
        },
      },
      async (request) => ok(surveys.survey(request.query.type)),
    );

    app.get(
      '/surveys/results',
      {
        schema: {
          tags,
          summary: "The customer's own answers, newest first",
          security: securedBy,
          response: { 200: okSchema(surveyResultsSchema) },
        },
      },
      async (request) => ok({ submissions: await surveys.results(customerOf(request).id) }),
    );

    app.get(
      '/surveys/:id/last-submission',
      {
        schema: {
          tags,
          summary:
            "The customer's answer to this survey about `reference`, or null: the panel asks only then",
          security: securedBy,
          params: surveyIdParamsSchema,
          querystring: lastSubmissionQuerySchema,
          response: { 200: okSchema(lastSubmissionSchema) },
        },
      },
      async (request) =>
        ok({
          submission: await surveys.lastSubmission(
            customerOf(request).id,
            request.params.id,
            request.query.reference,
          ),
        }),
    );

    app.post(
      '/surveys/:id/submit',
      {
        schema: {
          tags,
          summary:
            'Answer a survey once per reference (409 SURVEY_ALREADY_SUBMITTED); a rating of 4 or 5 answers the ' +
            "provider's review address",
          security: securedBy,
          params: surveyIdParamsSchema,
          body: submitSurveySchema,
          response: { 201: okSchema(submitSurveyResultSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            ok(
              await surveys.submit(customerOf(request).id, request.params.id, request.body),
              'Thank you for your feedback.',
            ),
          ),
    );
  };
}
