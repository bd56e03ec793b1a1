import { LANGUAGE_HEADER, type Locale, pickLocale } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './session.service';

export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The panel's language (x-language) or else the browser's (Accept-Language). */
export function localeOf(request: FastifyRequest): Locale {
  const chosen = request.headers[LANGUAGE_HEADER];
  if (typeof chosen === 'string' && chosen.trim()) {
    const locale = pickLocale(chosen);
    if (locale === chosen.trim().toLowerCase().split('-')[0]) return locale;
  }
  return pickLocale(request.headers['accept-language']);
}
