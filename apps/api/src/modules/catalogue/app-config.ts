import type { AppConfig } from '@nimbus/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { toAppConfig } from './catalogue.mappers';
import { getDocument, listFeatures } from './catalogue.repository';
import type { FileAppConfig } from './catalogue-file.schema';

/** The provider's application settings as GET /app-configs serves them (with feature prices). */
export async function loadAppConfig(db: DbOrTx): Promise<AppConfig> {
  // One after another: `db` may be a transaction, whose client runs one query at a time.
  const stored = await getDocument(db, 'appConfig');
  const featureRows = await listFeatures(db);
  if (!stored) throw notFound('The catalogue has not been loaded.');
  return toAppConfig(stored as FileAppConfig, featureRows);
}
