import { HOSTNAME_MAX_LENGTH, hostnameProblem } from '@nimbus/contract';

/** Lowercase letters and digits joined by single hyphens: safe in any hostname label. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export interface HostnameParts {
  /** OS family or application name, e.g. "ubuntu". */
  image: string | null;
  /** Plan name, e.g. "s-1"; null for a custom plan. */
  plan: string | null;
  /** Region name, e.g. "Frankfurt". */
  region: string | null;
}

/** The generated hostname of the n-th instance (1-based), e.g. `ubuntu-s-1-fra-1`. */
export function defaultHostname(parts: HostnameParts, n: number): string {
  const words = [
    slug(parts.image ?? '') || 'vps',
    slug(parts.plan ?? '') || 'custom',
    slug(parts.region ?? '').slice(0, 3),
  ].filter(Boolean);
  const suffix = `-${n}`;
  const base = words
    .join('-')
    .slice(0, HOSTNAME_MAX_LENGTH - suffix.length)
    .replace(/-+$/, '');
  return `${base}${suffix}`;
}

/**
 * One hostname per instance: fields the customer typed are kept, the others follow the default. Grows
 * or shrinks with the quantity.
 */
export function syncHostnames(
  current: readonly string[],
  edited: readonly boolean[],
  quantity: number,
  parts: HostnameParts,
): { hostnames: string[]; edited: boolean[] } {
  const hostnames: string[] = [];
  const flags: boolean[] = [];
  for (let i = 0; i < quantity; i += 1) {
    const keep = edited[i] === true && current[i] !== undefined;
    hostnames.push(keep ? (current[i] as string) : defaultHostname(parts, i + 1));
    flags.push(keep);
  }
  return { hostnames, edited: flags };
}

/** The i18n key of what is wrong with each hostname (contract rules, then uniqueness), or null. */
export function hostnameErrors(hostnames: readonly string[]): (string | null)[] {
  const seen = new Map<string, number>();
  for (const h of hostnames) seen.set(h.toLowerCase(), (seen.get(h.toLowerCase()) ?? 0) + 1);
  return hostnames.map((h) => {
    const problem = hostnameProblem(h);
    if (problem) return problem;
    return (seen.get(h.toLowerCase()) ?? 0) > 1 ? 'validation.instances.hostnamesUnique' : null;
  });
}
