import { z } from 'zod';
import { APPLICATIONS_MAX_PAGE_SIZE, APPLICATIONS_PAGE_SIZE, catalogueActions } from './catalogue-rules';
import { INT4_MAX } from './ids-rules';

// Query strings of the catalogue calls. Lists accept "1,2,3" or a repeated parameter.

const INVALID = 'validation.invalid';

const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, INVALID));

const positive = (max: number) => z.coerce.number(INVALID).int(INVALID).min(1, INVALID).max(max, INVALID);
/** Catalogue ids are PostgreSQL integers. */
const catalogueId = positive(INT4_MAX);
const idList = commaList(
  z
    .string()
    .regex(/^\d{1,9}$/, INVALID)
    .transform(Number),
  50,
);
const tagList = commaList(z.string().max(50, INVALID).toLowerCase(), 20);
const action = z.string().toUpperCase().pipe(z.enum(catalogueActions, INVALID)).default('CREATE');
const booleanParam = z.enum(['true', 'false'], INVALID).transform((v) => v === 'true');

export const productsQuerySchema = z.object({
  regionId: catalogueId.optional(),
  osId: catalogueId.optional(),
  appId: catalogueId.optional(),
  featureIds: idList.optional(),
  featureGroup: z.string().trim().min(1, INVALID).max(50, INVALID).optional(),
  action,
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const osQuerySchema = z.object({
  featureIds: idList.optional(),
  appId: catalogueId.optional(),
  action,
});
export type OsQuery = z.infer<typeof osQuerySchema>;

export const applicationsQuerySchema = z.object({
  name: z.string().trim().max(100, 'validation.text.tooLong').optional(),
  page: positive(100_000).default(1),
  pageSize: positive(APPLICATIONS_MAX_PAGE_SIZE).default(APPLICATIONS_PAGE_SIZE),
  tags: tagList.optional(),
  includeAppId: catalogueId.optional(),
  isActive: booleanParam.optional(),
});
export type ApplicationsQuery = z.infer<typeof applicationsQuerySchema>;

export const applicationParamsSchema = z.object({ id: catalogueId });
