import { createInterface } from 'node:readline';
import type { AnyGame, Seat } from '../core/index.ts';
import { andList, namesFor, newGame, rowName, seatLetter } from '../core/index.ts';
import { botNamesFor, botTitle } from '../bots/names.ts';
import { lineup, makeBot } from '../bots/registry.ts';
import type { CliContext } from './io.ts';
import { freshSeed } from './seed.ts';
import { defaultPlayers, findGameOrThrow, parseIntArg, parseOptions, strictWhole, UsageError } from './io.ts';

export interface PlayFlags {
  players?: string;
  seat?: string;
  seed?: string;
  bots?: string;
  option: string[];
}

/** Reads answers one line at a time; resolves null when the input ends. */
function lineReader(input: NodeJS.ReadableStream) {
  const rl = createInterface({ input, terminal: false });
  const queue: string[] = [];
  const waiting: ((line: string | null) => void)[] = [];
  let closed = false;
  rl.on('line', (line) => {
    const w = waiting.shift();
    if (w) w(line);
    else queue.push(line);
  });
  rl.on('close', () => {
    closed = true;
    for (const w of waiting.splice(0)) w(null);
  });
  return {
    next: () =>
      new Promise<string | null>((resolve) => {
        if (queue.length) resolve(queue.shift()!);
        else if (closed) resolve(null);
        else waiting.push(resolve);
      }),
    close: () => rl.close(),
  };
}

/** Told once the game is over, when the seed no longer gives anything away. */
function replayHint(seed: string): string {
  return `Seed ${seed} (the same command with --seed ${seed} deals this game again).`;
}

function defaultBot(game: AnyGame): string {
  return game.bots?.['heuristic'] ? 'heuristic' : 'random';
}

export async function cmdPlay(
  ctx: CliContext,
  gameId: string | undefined,
  flags: PlayFlags,
): Promise<number> {
  const game = findGameOrThrow(ctx, gameId);
  const players = parseIntArg('--players', flags.players, defaultPlayers(game));
  // People count seats from 1; the engine and JSON count from 0.
  const human = parseIntArg('--seat', flags.seat, 1, { min: 1, max: players }) - 1;
  // Shown only once the game is over: the seed recomputes every hidden card.
  const seed = flags.seed ?? freshSeed();
  const created = newGame(game, players, seed, parseOptions(flags.option));
  if (!created.ok) throw new UsageError(created.error);
  const bots = new Map<Seat, ReturnType<typeof makeBot>>();
  const kinds = new Map<Seat, string>();
  try {
    const specs = lineup(flags.bots ? flags.bots.split(',') : [defaultBot(game)], players - 1);
    let b = 0;
    for (let seat = 0; seat < players; seat++) {
      if (seat === human) continue;
      const spec = specs[b++]!;
      bots.set(seat, makeBot(game, spec, seat, `${seed}:${seat}`));
      kinds.set(seat, spec.name);
    }
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  // The bots are named as the server names them, from the game's id (the seed is secret): the
  // texts say "you" for the player and "Basil (A)" for a bot, as on the site.
  const botNames = botNamesFor(`play:${game.id}`, players);
  const seatNames = Array.from({ length: players }, (_, seat) => (seat === human ? null : botNames[seat]!));
  const names = namesFor(human, seatNames);
  const { out } = ctx.io;
  const reader = lineReader(ctx.io.input);
  const others = [...kinds].map(
    ([seat, kind]) => `${botTitle(seatNames[seat]!, kind)} (${seatLetter(seat)})`,
  );
  out(
    `${game.name} — you are ${seatLetter(human)} (seat ${human + 1}), against ${andList(others)}. ` +
      'Type a number, "v" to see the table again, "q" to quit.',
  );
  let state = created.value.state;
  const confirmed = async (question: string) => {
    out(`${question} (y/n)`);
    ctx.io.out('> ');
    const answer = await reader.next();
    return answer?.trim().toLowerCase() === 'y';
  };
  const tell = (events: readonly unknown[]) => {
    for (const e of events) {
      const seen = game.viewEvent(e, human, names);
      if (seen) out(`  · ${seen.text}`);
    }
  };
  try {
    for (;;) {
      const actors = game.actors(state);
      if (actors.length === 0) break;
      const botSeat = actors.find((s) => s !== human);
      if (botSeat !== undefined && !(actors.includes(human) && actors[0] === human)) {
        const legal = game.legalActions(state, botSeat);
        const current = state;
        const action =
          legal.length === 1
            ? legal[0]
            : bots.get(botSeat)!.act({
                seat: botSeat,
                view: game.view(current, botSeat),
                legal,
                sampleWorld: (rng) => game.resample(current, botSeat, rng),
              });
        const result = game.applyTrusted(state, botSeat, action);
        state = result.state;
        tell(result.events);
        continue;
      }
      const view = game.view(state, human);
      const legal = game.legalActions(state, human);
      out('');
      out(game.render.view(view, human, names));
      out('');
      legal.forEach((a, i) => out(`  ${String(i + 1).padStart(3)}. ${game.render.action(a, view, names)}`));
      let chosen: unknown;
      while (chosen === undefined) {
        ctx.io.out('> ');
        const line = await reader.next();
        if (line === null || line.trim() === 'q') {
          out(`Game abandoned. ${replayHint(seed)}`);
          return 0;
        }
        if (line.trim() === 'v') {
          out(game.render.view(view, human, names));
          continue;
        }
        const n = strictWhole(line.trim());
        if (n === null || n < 1 || n > legal.length) {
          out(`Please type a number from 1 to ${legal.length}.`);
          continue;
        }
        const question = game.render.confirm?.(legal[n - 1], view, names);
        if (question && !(await confirmed(question))) out('Not done; choose again.');
        else chosen = legal[n - 1];
      }
      const result = game.apply(state, human, chosen, names);
      if (!result.ok) {
        out(`Refused (${result.error.rule}): ${result.error.message}`);
        continue;
      }
      state = result.state;
      tell(result.events);
    }
    const outcome = game.outcome(state);
    out('');
    out(game.render.view(game.view(state, human), human, names));
    if (outcome) {
      out('');
      out('Game over.');
      outcome.scores.forEach((score, seat) =>
        out(
          `  ${outcome.ranks[seat] === 1 ? '★' : ' '} ${rowName(names, seat)}: ${score} — place ${outcome.ranks[seat]}`,
        ),
      );
    }
    out(replayHint(seed));
    return 0;
  } finally {
    reader.close();
  }
}
