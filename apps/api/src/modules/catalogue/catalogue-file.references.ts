import { APPLICATION_SUMMARY_LINKS_MARKER, isSafeLinkUrl, summaryLinkSchema } from '@nimbus/contract';
import { z } from 'zod';
import type { CatalogueFile } from './catalogue-file.schema';

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

function unique<T>(ctx: Ctx, items: T[], key: (item: T) => string | number, path: (i: number) => Path) {
  const seen = new Set<string | number>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) ctx.addIssue({ code: 'custom', path: path(i), message: `duplicate ${String(k)}` });
    seen.add(k);
  });
}

function mustExist(ctx: Ctx, known: Set<string | number>, value: string | number, path: Path, what: string) {
  if (!known.has(value)) ctx.addIssue({ code: 'custom', path, message: `unknown ${what} ${String(value)}` });
}

/** Cross-references: every id a row points at must exist in the file, and ids are unique. */
export function checkReferences(file: CatalogueFile, ctx: Ctx) {
  const versions = file.osFamilies.flatMap((f, fi) =>
    f.versions.map((v, vi) => ({ ...v, family: f.name, path: ['osFamilies', fi, 'versions', vi, 'id'] })),
  );
  unique(
    ctx,
    file.regions,
    (r) => r.id,
    (i) => ['regions', i, 'id'],
  );
  unique(
    ctx,
    file.products,
    (p) => p.id,
    (i) => ['products', i, 'id'],
  );
  unique(
    ctx,
    file.osFamilies,
    (f) => f.name,
    (i) => ['osFamilies', i, 'name'],
  );
  unique(
    ctx,
    versions,
    (v) => v.id,
    (i) => versions[i]?.path ?? [],
  );
  unique(
    ctx,
    file.features,
    (f) => f.id,
    (i) => ['features', i, 'id'],
  );
  unique(
    ctx,
    file.applicationTags,
    (t) => t.tag,
    (i) => ['applicationTags', i, 'tag'],
  );
  unique(
    ctx,
    file.applications,
    (a) => a.id,
    (i) => ['applications', i, 'id'],
  );
  unique(
    ctx,
    file.paymentGateways,
    (g) => g.id,
    (i) => ['paymentGateways', i, 'id'],
  );
  unique(
    ctx,
    file.paymentGateways,
    (g) => g.name,
    (i) => ['paymentGateways', i, 'name'],
  );
  if (file.applicationTags.filter((t) => t.isSelected).length > 1) {
    ctx.addIssue({ code: 'custom', path: ['applicationTags'], message: 'at most one tag isSelected' });
  }

  const regionIds = new Set(file.regions.map((r) => r.id));
  const featureIds = new Set(file.features.map((f) => f.id));
  const familyNames = new Set(file.osFamilies.map((f) => f.name));
  const tags = new Set(file.applicationTags.map((t) => t.tag));
  const familyOfVersion = new Map(versions.map((v) => [v.id, v.family]));

  file.products.forEach((p, i) => {
    unique(
      ctx,
      p.regions,
      (o) => o.regionId,
      (j) => ['products', i, 'regions', j, 'regionId'],
    );
    p.regions.forEach((o, j) => {
      mustExist(ctx, regionIds, o.regionId, ['products', i, 'regions', j, 'regionId'], 'region');
    });
    p.requiredFeatures.forEach((f, j) => {
      mustExist(ctx, featureIds, f, ['products', i, 'requiredFeatures', j], 'feature');
    });
  });
  file.features.forEach((f, i) => {
    f.unsupportedOsFamilies.forEach((name, j) => {
      mustExist(ctx, familyNames, name, ['features', i, 'unsupportedOsFamilies', j], 'OS family');
    });
  });
  file.applications.forEach((a, i) => {
    mustExist(ctx, familyNames, a.osFamily, ['applications', i, 'osFamily'], 'OS family');
    if (a.osVersionId !== null && familyOfVersion.get(a.osVersionId) !== a.osFamily) {
      ctx.addIssue({
        code: 'custom',
        path: ['applications', i, 'osVersionId'],
        message: `OS version ${a.osVersionId} is not a version of ${a.osFamily}`,
      });
    }
    a.tags.forEach((t, j) => {
      mustExist(ctx, tags, t, ['applications', i, 'tags', j], 'application tag');
    });
    unique(
      ctx,
      a.ocaFields,
      (f) => f.name,
      (j) => ['applications', i, 'ocaFields', j, 'name'],
    );
    const problem = summaryProblem(a.summary);
    if (problem) ctx.addIssue({ code: 'custom', path: ['applications', i, 'summary'], message: problem });
  });
}

/** The links after the marker must be a JSON list of {title, url}; a typo should fail loading, not vanish. */
function summaryProblem(summary: string): string | null {
  const at = summary.indexOf(APPLICATION_SUMMARY_LINKS_MARKER);
  if (at < 0) return null;
  try {
    const links = JSON.parse(summary.slice(at + APPLICATION_SUMMARY_LINKS_MARKER.length));
    const parsed = z.array(summaryLinkSchema.strict()).safeParse(links);
    if (!parsed.success)
      return `the links after ${APPLICATION_SUMMARY_LINKS_MARKER} must be a list of {"title", "url"}`;
    const unsafe = parsed.data.find((l) => !isSafeLinkUrl(l.url));
    return unsafe ? `link ${unsafe.url} is not an https URL` : null;
  } catch {
    return `the links after ${APPLICATION_SUMMARY_LINKS_MARKER} are not valid JSON`;
  }
}
