import { Command, CommanderError } from 'commander';
import { GAMES } from '../games/registry.ts';
import { cmdBench } from './bench.ts';
import type { CliContext } from './io.ts';
import { UsageError } from './io.ts';
import { cmdLoadTest } from './loadtest.ts';
import { cmdNew } from './new.ts';
import { cmdPlay } from './play.ts';
import { cmdReplay } from './replay.ts';
import { cmdServe } from './serve.ts';
import { cmdSim } from './sim.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

function defaultContext(): CliContext {
  return {
    games: GAMES,
    worker: { registryUrl: new URL('../games/registry.ts', import.meta.url).href },
    io: {
      out: (text) => process.stdout.write(text.endsWith('> ') ? text : `${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
      input: process.stdin,
      interactive: Boolean(process.stderr.isTTY),
    },
    onInterrupt: (handler) => {
      process.once('SIGINT', handler);
      return () => process.off('SIGINT', handler);
    },
  };
}

/** Runs the `prosper` command line and returns its exit code (0 ok, 1 failure, 2 usage or refused action). */
export async function main(argv: readonly string[], overrides: Partial<CliContext> = {}): Promise<number> {
  const ctx: CliContext = { ...defaultContext(), ...overrides };
  let code = 0;
  const program = new Command('prosper')
    .description('Prosper: Prospectus, Prosperitea and Pocket Imperium with every rule enforced')
    .exitOverride()
    .configureOutput({ writeOut: (t) => ctx.io.out(t.trimEnd()), writeErr: (t) => ctx.io.err(t.trimEnd()) });

  program
    .command('new <game>')
    .description('print the initial state of a new game as JSON')
    .option('--players <n>', 'number of players')
    .option('--seed <seed>', 'random seed (default: 128 random bits, printed with the state)')
    .option('--option <key=value>', 'game option (repeatable)', collect, [])
    .action((game: string, opts) => {
      code = cmdNew(ctx, game, opts);
    });

  program
    .command('replay <script>')
    .description(
      'apply a JSON script ({game, players, seed, options, actions} or {game, state, actions}; - for stdin)',
    )
    .option('--view <seat|spectator>', "print this viewer's view instead of the full state")
    .action(async (script: string, opts) => {
      code = await cmdReplay(ctx, script, opts);
    });

  program
    .command('sim <game>')
    .description('play many bot games on worker threads and summarise them')
    .option('--players <n>', 'number of players')
    .option('--games <k>', 'number of games', '100')
    .option('--seed <seed>', 'random seed (default: 128 random bits, printed with the results)')
    .option('--bots <list>', 'bot per seat, comma-separated (random, heuristic, ismcts:ms=1000, …)')
    .option('--workers <w>', 'worker threads; 0 plays on the main thread (results do not depend on it)')
    .option('--rotate', 'rotate the line-up one seat per game so seat advantage cancels out')
    .option('--option <key=value>', 'game option (repeatable)', collect, [])
    .option('--report <file.html>', 'write a self-contained HTML report with charts')
    .option('--csv <file.csv>', 'write one row per game')
    .option('--json', 'print JSON for machines')
    .action(async (game: string, opts) => {
      code = await cmdSim(ctx, game, opts);
    });

  program
    .command('play [game]')
    .description('play one seat in the terminal against bots')
    .option('--players <n>', 'number of players')
    .option('--seat <k>', 'your seat, counted from 1', '1')
    .option('--seed <seed>', 'random seed (default: 128 random bits, shown when the game is over)')
    .option('--bots <list>', 'bots for the other seats, comma-separated')
    .option('--option <key=value>', 'game option (repeatable)', collect, [])
    .action(async (game: string | undefined, opts) => {
      code = await cmdPlay(ctx, game, opts);
    });

  program
    .command('bench [game]')
    .description(
      'random-playout and ISMCTS throughput per game beside a plain-JavaScript calibration figure, and how the simulator scales from 1 to 2 worker threads',
    )
    .option('--seconds <s>', 'seconds per measurement', '2')
    .option('--players <n>', 'number of players')
    .option('--json', 'print JSON for machines')
    .option(
      '--scaling-seconds <s>',
      'simulator scaling: seconds of one-worker play that size each run (a designer-sized simulation)',
      '30',
    )
    .option('--reps <n>', 'simulator scaling: runs per worker count', '2')
    .option(
      '--turn-seconds <s>',
      'simulator scaling: length of each turn when warm one- and two-worker simulations take turns',
      '3',
    )
    .option('--rounds <n>', 'simulator scaling: measured rounds of turns (one turn of each per round)', '6')
    .option('--no-scaling', 'skip the simulator scaling measurement (1 vs 2 worker threads)')
    .action(async (game: string | undefined, opts) => {
      code = await cmdBench(ctx, game, opts);
    });

  program
    .command('serve')
    .description('run the game server (HTTP + WebSocket) with its database')
    .option('--port <n>', 'port to listen on (0: any free port)', '8080')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--db <url>', 'sqlite:PATH or postgres://… (default: $PROSPER_DB, else sqlite:./data/prosper.db)')
    .option(
      '--log-level <level>',
      'fatal, error, warn, info, debug, trace or silent (default: $LOG_LEVEL, else warn; info with --log-requests)',
    )
    .option('--log-requests', 'log a JSON line per HTTP request (off by default)')
    .option('--bot-workers <n>', 'worker threads for bots (default: cores − 1, at least 2)')
    .option('--stats', 'serve GET /stats: memory, CPU time, event-loop delay, matches (for the load test)')
    .option('--web <dir>', 'the built web client to serve at / (default: dist/web when it is built)')
    .option('--no-web', 'serve the API only')
    .option(
      '--limit <name=n>',
      'set one of the server limits (repeatable), e.g. connectionsPerAddress=200 or tablesPerWindow=100; see docs/server.md, Limits',
      collect,
      [],
    )
    .option(
      '--trust-proxy <list>',
      "believe X-Forwarded-For from these proxies: comma-separated addresses, CIDR ranges, 'loopback', 'linklocal' or 'uniquelocal'",
    )
    .option(
      '--origin <origin>',
      'also accept WebSockets from pages of this origin (repeatable), e.g. https://play.example',
      collect,
      [],
    )
    .action(async (opts) => {
      code = await cmdServe(ctx, opts);
    });

  program
    .command('loadtest')
    .description(
      'start the server as a child process and N matches of scripted WebSocket clients playing random legal actions; print acks/s, latency, memory',
    )
    .option('--db <url>', 'sqlite:PATH or postgres://… (default: a temporary SQLite file, removed after)')
    .option('--matches <n>', 'live matches (finished ones are replaced)', '1000')
    .option('--duration <s>', 'seconds measured', '30')
    .option('--warmup <s>', 'seconds played after every match is live, before measuring', '5')
    .option('--game <id|mix>', 'game of every match, or mix: each game in turn', 'mix')
    .option('--players <n>', "players per match (default: each game's default, 3 where it can)")
    .option(
      '--rate <n>',
      'total actions/s the clients aim for; 0: each as soon as it may (default: 3 × matches)',
    )
    .option(
      '--validate-every <n>',
      'check one update in n against the protocol schema (other messages: all)',
      '50',
    )
    .option('--seed <seed>', 'seed of the random choices')
    .option('--cpu-prof <dir>', "write the server's V8 CPU profile into this directory when it stops")
    .option('--json', 'print the result as JSON')
    .action(async (opts) => {
      code = await cmdLoadTest(ctx, { ...opts, validate: opts.validateEvery });
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof UsageError) {
      ctx.io.err(`prosper: ${err.message}`);
      return 2;
    }
    ctx.io.err(`prosper: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}
