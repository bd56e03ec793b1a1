import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/api folder, found from this file whether it runs from src/ (tsx) or dist/ (bundle). */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@nimbus/api') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot locate the @nimbus/api package folder');
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const repoRoot = resolve(apiRoot, '..', '..');
export const migrationsDir = join(apiRoot, 'migrations');
export const webDistDir = join(repoRoot, 'apps', 'web', 'dist');
