/**
 * A throwaway PostgreSQL cluster for tests that must stop the database under a running server:
 * made with `initdb` in a temporary directory, on a free port of its own, started and stopped with
 * `pg_ctl`, and removed afterwards. Never the machine's shared cluster.
 *
 * It uses the server binaries of Debian's `postgresql` package (/usr/lib/postgresql/VERSION/bin,
 * the newest there), or those on PATH (`pg_config --bindir`). initdb refuses to run as root, so
 * when the tests run as root (CI on a fresh machine) every command runs as the `postgres` user the
 * package creates (`runuser -u postgres`), in a directory that user owns.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication). */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Starts it (again), waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops it the way an operator or a failover would: `pg_ctl stop -m fast` closes every connection. */
  stop(): Promise<void>;
  /** Stops it if it runs, and removes its directory. */
  destroy(): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'no PostgreSQL server binaries (initdb, pg_ctl) found in /usr/lib/postgresql/*/bin or via pg_config: ' +
        'install the postgresql package',
    );
  }
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function userIds(user: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Creates (initdb) and starts a cluster; `destroy` it in a `finally`. */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'prosper-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  // As root, everything runs as `postgres`, which must own the directory (and reach it: /tmp is
  // world-traversable, and mkdtemp's 0700 is the owner's).
  if (isRoot()) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  const as = (command: string, args: readonly string[]) =>
    isRoot()
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), [...args]);

  const port = await freePort();
  let running = false;
  const cluster: PgCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async start() {
      // Its own port and socket directory, so it meets no other cluster on this machine; small,
      // since it holds a few test tables.
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses='127.0.0.1'",
        '-c shared_buffers=16MB',
        '-c max_connections=40',
      ].join(' ');
      await as('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', logFile, '-o', options]);
      running = true;
      await waitForConnections(cluster.url);
    },
    async stop() {
      await as('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', data]);
      running = false;
    },
    async destroy() {
      try {
        if (running) await as('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'immediate', '-D', data]);
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
    log() {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
  try {
    await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

async function waitForConnections(url: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; ;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
