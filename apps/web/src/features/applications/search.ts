import { DEFAULT_APPLICATION_TAG } from '@nimbus/contract';
import { pageSearch } from '../../components/filters';
import { optionalString } from '../../lib/search-params';

/**
 * The category that lifts the tag filter. The URL says `tag=all` rather than leaving `tag` out, because
 * a missing tag means the default category, Featured (platform.md §9).
 */
export const ALL_CATEGORIES = 'all';

/** The applications page's search, category and page live in the URL (Applications, platform.md §2). */
export type ApplicationsSearch = {
  /** Part of an application's name. */
  name?: string;
  /** A category's tag, or ALL_CATEGORIES; absent is Featured. */
  tag?: string;
  page?: number;
};

/** The longest name the API searches for (applicationsQuerySchema). */
export const SEARCH_MAX_LENGTH = 100;
const TAG_MAX_LENGTH = 50;

export const readApplicationsSearch = (search: Record<string, unknown>): ApplicationsSearch => {
  const name = optionalString(search.name, SEARCH_MAX_LENGTH)?.trim();
  const tag = optionalString(search.tag, TAG_MAX_LENGTH)?.trim().toLowerCase();
  return {
    name: name || undefined,
    // A comma would split into several tags on the server: such a link is read as the default.
    tag: tag && !tag.includes(',') && tag !== DEFAULT_APPLICATION_TAG ? tag : undefined,
    page: pageSearch(search.page),
  };
};

/** The category in effect: the one in the URL, or Featured. */
export const categoryOf = (search: ApplicationsSearch) => search.tag ?? DEFAULT_APPLICATION_TAG;

export interface ApplicationFilters {
  name?: string;
  /** Undefined: every category. */
  tag?: string;
  page: number;
}

/** What the page asks GET /applications for. */
export function applicationFiltersOf(search: ApplicationsSearch): ApplicationFilters {
  const tag = categoryOf(search);
  return {
    name: search.name,
    tag: tag === ALL_CATEGORIES ? undefined : tag,
    page: search.page ?? 1,
  };
}
