/**
 * The create-table form (its own chunk): player count, a row per seat (open, you, or a bot and its
 * level), the game's options built from its schema, the clock, and who may see the table. It checks
 * what it can before sending; the server checks everything again and its refusal is shown as it
 * says it. Once created, the join link to share, then the table.
 */
import { useId, useMemo, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { STRANGER_CLOCK, takeBackByDefault } from '../../protocol/defaults.ts';
import type { BotInfo, CreateTableRequest, Json, SeatSpec, TableInfo } from '../../protocol/index.ts';
import { BOT_TEXT, botLabel, gameInfo } from '../app/games.ts';
import { saveCredentials } from '../net/credentials.ts';
import { setGuestName, useGuestName } from '../net/name.ts';
import { createTable, nameProblem, tablePath } from './api.ts';
import type { ServerGame } from './api.ts';
import { clockText, seatLetter } from './describe.ts';
import { quickBot } from './playNow.ts';
import { fieldProblem, fieldValue, optionFields } from './schemaForm.ts';
import type { OptionField } from './schemaForm.ts';
import { ShareLink } from './ShareLink.tsx';

type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; data: T };

type SeatKind = 'open' | 'me' | 'bot';
interface SeatRow {
  readonly kind: SeatKind;
  readonly bot: string;
  /** Thinking time as typed, for bots with a budget. */
  readonly ms: string;
  /** Hot-seat: this seat's player's name as typed; null until typed (see `seatNames`). */
  readonly name: string | null;
}

/** `standard` sends no clock: the server gives tables open to strangers a move limit. */
type ClockKind = 'standard' | 'none' | 'realtime' | 'turn';
interface ClockForm {
  readonly kind: ClockKind;
  readonly baseMin: string;
  readonly incrementSec: string;
  readonly hoursPerMove: string;
}

const SEAT_KINDS: readonly { value: SeatKind; label: string }[] = [
  { value: 'me', label: 'You (on this screen)' },
  { value: 'open', label: 'Open: another player' },
  { value: 'bot', label: 'Bot' },
];

const CLOCK_KINDS: readonly { value: ClockKind; label: string; help: string }[] = [
  {
    value: 'standard',
    label: 'Standard',
    help: `${clockText(STRANGER_CLOCK)} when the table is listed with seats anyone may take, so a stranger who sits down and never moves cannot hold up the game; otherwise no clock.`,
  },
  { value: 'none', label: 'No clock', help: 'Take as long as you like (best with friends).' },
  {
    value: 'realtime',
    label: 'Real time',
    help: 'A time bank per player plus an increment after each move.',
  },
  { value: 'turn', label: 'Turn-based', help: 'A fixed time for each move: play over days.' },
];

/** Clock limits, in the form's units, from the protocol's `ClockSettings`. */
const CLOCK_LIMITS = {
  baseMin: { min: 1, max: 24 * 60 },
  incrementSec: { min: 0, max: 3_600 },
  hoursPerMove: { min: 1, max: 30 * 24 },
} as const;

type Problems = Record<string, string>;

function wholeProblem(text: string, min: number, max: number, unit: string): string | null {
  if (text.trim() === '') return 'Enter a number.';
  const n = Number(text);
  if (!Number.isInteger(n)) return 'Enter a whole number.';
  if (n < min || n > max) return `Between ${min} and ${max} ${unit}.`;
  return null;
}

function newSeat(kind: SeatKind, bot: BotInfo | null): SeatRow {
  return { kind, bot: bot?.name ?? '', ms: String(bot?.budgetMs?.default ?? ''), name: null };
}

/**
 * Hot-seat: the name of each "You" seat (by seat), so the device is passed to a person rather
 * than to a letter. Until typed, the first is the creator's name and the others "Player <letter>".
 * Empty when the creator takes fewer than two seats: their own name is the seat's.
 */
function seatNames(rows: readonly SeatRow[], creator: string): Map<number, string> {
  const mine = rows.flatMap((row, seat) => (row.kind === 'me' ? [seat] : []));
  if (mine.length < 2) return new Map();
  return new Map(
    mine.map((seat, k) => [seat, rows[seat]!.name ?? (k === 0 ? creator : `Player ${seatLetter(seat)}`)]),
  );
}

export default function CreateTablePage({ gameId, games }: { gameId: string; games: Loaded<ServerGame[]> }) {
  const name = gameInfo(gameId)?.name ?? gameId;
  const game = games.state === 'ok' ? games.data.find((g) => g.id === gameId) : undefined;
  return (
    <div className="page create-page">
      <p>
        <Link href="/">← Back to the lobby</Link>
      </p>
      <h1>New {game?.name ?? name} table</h1>
      {games.state === 'loading' && <p>Loading the game’s options…</p>}
      {games.state === 'error' && (
        <p className="error" role="alert">
          The game server could not be reached ({games.message}).
        </p>
      )}
      {games.state === 'ok' && !game && <p className="error">The server has no game called “{gameId}”.</p>}
      {game && <CreateTableForm key={game.id} game={game} />}
    </div>
  );
}

function CreateTableForm({ game }: { game: ServerGame }) {
  const [, navigate] = useLocation();
  const uid = useId();
  const fields = useMemo(
    () => optionFields(game.id, game.options.schema, game.options.defaults),
    [game.id, game.options.schema, game.options.defaults],
  );
  const defaultBot = quickBot(game.bots);
  const [players, setPlayers] = useState(Math.min(game.maxPlayers, Math.max(game.minPlayers, 3)));
  const [seats, setSeats] = useState<SeatRow[]>(() =>
    Array.from({ length: game.maxPlayers }, (_, i) => newSeat(i === 0 ? 'me' : 'open', defaultBot)),
  );
  // The site's name (the header's) until the player types another here.
  const guest = useGuestName();
  const [typedName, setPlayerName] = useState<string | null>(null);
  const playerName = typedName ?? guest;
  const [options, setOptions] = useState<Record<string, Json>>(() =>
    Object.fromEntries(fields.map((f) => [f.key, f.initial])),
  );
  const [clock, setClock] = useState<ClockForm>({
    kind: 'standard',
    baseMin: '10',
    incrementSec: '5',
    hoursPerMove: '24',
  });
  const [spectators, setSpectators] = useState(true);
  const [listed, setListed] = useState(true);
  /** Null until the creator ticks or unticks it: then it follows the table (`takeBackByDefault`). */
  const [takeBackChoice, setTakeBack] = useState<boolean | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ table: TableInfo; mine: number[] } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const shown = seats.slice(0, players);
  const names = seatNames(shown, playerName);
  const claim = shown.flatMap((row, seat) => (row.kind === 'me' ? [seat] : []));
  const takeBack = takeBackChoice ?? takeBackByDefault(listed, claim);
  const botOf = (row: SeatRow) => game.bots.find((b) => b.name === row.bot) ?? null;
  const id = (part: string) => `${uid}-${part}`;

  const validate = (): Problems => {
    const found: Problems = {};
    const nameIssue = nameProblem(playerName);
    if (nameIssue) found.name = nameIssue;
    for (const [seat, seatName] of names) {
      const issue = nameProblem(seatName);
      if (issue) found[`seat-${seat}-name`] = issue;
    }
    shown.forEach((row, seat) => {
      const bot = botOf(row);
      if (row.kind !== 'bot') return;
      if (!bot) found[`seat-${seat}-bot`] = 'Choose a bot.';
      else if (bot.budgetMs) {
        const issue = wholeProblem(row.ms, bot.budgetMs.min, bot.budgetMs.max, 'ms');
        if (issue) found[`seat-${seat}-ms`] = issue;
      }
    });
    for (const f of fields) {
      const issue = fieldProblem(f, options[f.key] ?? null);
      if (issue) found[`option-${f.key}`] = issue;
    }
    const clockChecks: Record<ClockKind, [keyof typeof CLOCK_LIMITS, string][]> = {
      standard: [],
      none: [],
      realtime: [
        ['baseMin', 'minutes'],
        ['incrementSec', 'seconds'],
      ],
      turn: [['hoursPerMove', 'hours']],
    };
    for (const [part, unit] of clockChecks[clock.kind]) {
      const issue = wholeProblem(clock[part], CLOCK_LIMITS[part].min, CLOCK_LIMITS[part].max, unit);
      if (issue) found[`clock-${part}`] = issue;
    }
    return found;
  };

  const request = (): CreateTableRequest => {
    const seatSpecs = shown.map((row): SeatSpec => {
      if (row.kind !== 'bot') return { kind: 'human' };
      const bot = botOf(row)!;
      return bot.budgetMs
        ? { kind: 'bot', bot: bot.name, ms: Number(row.ms) }
        : { kind: 'bot', bot: bot.name };
    });
    const clocks: Record<ClockKind, () => CreateTableRequest['clock']> = {
      standard: () => undefined,
      none: () => ({ kind: 'none' }),
      realtime: () => ({
        kind: 'realtime',
        baseMs: Number(clock.baseMin) * 60_000,
        incrementMs: Number(clock.incrementSec) * 1_000,
      }),
      turn: () => ({ kind: 'turn', perMoveMs: Number(clock.hoursPerMove) * 3_600_000 }),
    };
    return {
      game: game.id,
      players,
      options: Object.fromEntries(fields.map((f) => [f.key, fieldValue(f, options[f.key] ?? null)])),
      seats: seatSpecs,
      name: playerName.trim(),
      claim,
      ...(names.size > 0 ? { names: [...names.values()].map((n) => n.trim()) } : {}),
      ...(clock.kind === 'standard' ? {} : { clock: clocks[clock.kind]() }),
      spectators,
      listed,
      takeBack,
    };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = validate();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      // Once marked, focus the first field in trouble, in the form's order.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const body = request();
    setBusy(true);
    try {
      const reply = await createTable(body);
      setGuestName(body.name);
      if (reply.tokens.length > 0) saveCredentials(reply.table.id, body.name, reply.tokens);
      // Nobody else is to come (hot-seat, bots): straight to the table.
      if (reply.table.status !== 'waiting') navigate(tablePath(reply.table.id));
      else setCreated({ table: reply.table, mine: reply.tokens.map((t) => t.seat) });
    } catch (err) {
      setServerError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (created) return <Created table={created.table} mine={created.mine} />;

  const setSeat = (seat: number, change: Partial<SeatRow>) =>
    setSeats((old) => old.map((row, i) => (i === seat ? { ...row, ...change } : row)));
  const mine = shown.flatMap((row, seat) => (row.kind === 'me' ? [seatLetter(seat)] : []));
  const count = Object.keys(problems).length;

  return (
    <form ref={formRef} className="create-form" onSubmit={(e) => void submit(e)} noValidate>
      {count > 0 && (
        <div className="error form-summary" role="alert">
          <p>
            {count === 1 ? 'One thing to fix' : `${count} things to fix`} before the table can be created:
          </p>
          <ul>
            {Object.entries(problems).map(([key, message]) => (
              <li key={key}>
                <a
                  href={`#${id(key)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(id(key))?.focus();
                  }}
                >
                  {problemLabel(key, fields)}
                </a>
                : {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <fieldset className="panel">
        <legend>Players</legend>
        <Field id={id('name')} label="Your name" problem={problems.name} help="Shown to the other players.">
          <input
            id={id('name')}
            value={playerName}
            onChange={(e) => setPlayerName(e.target.value)}
            autoComplete="nickname"
            {...invalid(id('name'), problems.name)}
          />
        </Field>
        <Field
          id={id('players')}
          label="Number of players"
          help={`${game.minPlayers} to ${game.maxPlayers}.`}
        >
          <select id={id('players')} value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
            {Array.from({ length: game.maxPlayers - game.minPlayers + 1 }, (_, i) => game.minPlayers + i).map(
              (n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ),
            )}
          </select>
        </Field>
        <table className="seat-table">
          <caption className="sr-only">Seats</caption>
          <thead>
            <tr>
              <th scope="col">Seat</th>
              <th scope="col">Who plays it</th>
              <th scope="col">{names.size > 0 ? 'Level or name' : 'Level'}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row, seat) => (
              <SeatRowFields
                key={seat}
                seat={seat}
                row={row}
                bots={game.bots}
                name={names.get(seat) ?? null}
                idOf={id}
                problems={problems}
                onChange={(change) => setSeat(seat, change)}
              />
            ))}
          </tbody>
        </table>
        <p className="muted">
          {mine.length === 0 && 'You take no seat: you share the link, and may watch.'}
          {mine.length === 1 && `You play seat ${mine[0]}.`}
          {mine.length > 1 &&
            `Hot-seat: you play seats ${mine.join(', ')} on this screen, passing it around.`}
        </p>
      </fieldset>

      <fieldset className="panel">
        <legend>Options</legend>
        {fields.length === 0 && <p className="muted">{game.name} has no options to set.</p>}
        {fields.map((f) => (
          <OptionInput
            key={f.key}
            field={f}
            id={id(`option-${f.key}`)}
            value={options[f.key] ?? null}
            problem={problems[`option-${f.key}`]}
            onChange={(value) => setOptions((old) => ({ ...old, [f.key]: value }))}
          />
        ))}
      </fieldset>

      <fieldset className="panel">
        <legend>Clock</legend>
        <div role="radiogroup" aria-label="Clock" className="radio-list">
          {CLOCK_KINDS.map((k) => (
            <label key={k.value} className="radio">
              <input
                type="radio"
                name={id('clock')}
                value={k.value}
                checked={clock.kind === k.value}
                onChange={() => setClock((c) => ({ ...c, kind: k.value }))}
              />
              <span>
                {k.label} <span className="muted">— {k.help}</span>
              </span>
            </label>
          ))}
        </div>
        {clock.kind === 'realtime' && (
          <div className="field-row">
            <NumberField
              id={id('clock-baseMin')}
              label="Time bank (minutes)"
              value={clock.baseMin}
              limits={CLOCK_LIMITS.baseMin}
              problem={problems['clock-baseMin']}
              onChange={(v) => setClock((c) => ({ ...c, baseMin: v }))}
            />
            <NumberField
              id={id('clock-incrementSec')}
              label="Increment per move (seconds)"
              value={clock.incrementSec}
              limits={CLOCK_LIMITS.incrementSec}
              problem={problems['clock-incrementSec']}
              onChange={(v) => setClock((c) => ({ ...c, incrementSec: v }))}
            />
          </div>
        )}
        {clock.kind === 'turn' && (
          <NumberField
            id={id('clock-hoursPerMove')}
            label="Hours per move"
            value={clock.hoursPerMove}
            limits={CLOCK_LIMITS.hoursPerMove}
            problem={problems['clock-hoursPerMove']}
            onChange={(v) => setClock((c) => ({ ...c, hoursPerMove: v }))}
          />
        )}
        {clock.kind !== 'none' && (
          <p className="muted">
            When a player’s time runs out, a bot plays for that seat until its player takes it back.
          </p>
        )}
      </fieldset>

      <fieldset className="panel">
        <legend>Table</legend>
        <label className="checkbox">
          <input type="checkbox" checked={spectators} onChange={(e) => setSpectators(e.target.checked)} />
          <span>
            Spectators allowed <span className="muted">— anyone with the link may watch</span>
          </span>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={listed} onChange={(e) => setListed(e.target.checked)} />
          <span>
            Listed in the lobby <span className="muted">— otherwise only people with the link find it</span>
          </span>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={takeBack} onChange={(e) => setTakeBack(e.target.checked)} />
          <span>
            Take-backs allowed{' '}
            <span className="muted">
              — a player may take back a move that showed nobody anything, until someone else moves (on by
              default for hot-seat and unlisted tables)
            </span>
          </span>
        </label>
      </fieldset>

      {serverError && (
        <p className="error" role="alert">
          The server refused the table: {serverError}
        </p>
      )}
      <p>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create table'}
        </button>
      </p>
    </form>
  );
}

/** Bots from the gentlest to the strongest (BOT_TEXT's order), any other after them. */
function byLevel<B extends { name: string }>(bots: readonly B[]): B[] {
  const order = Object.keys(BOT_TEXT);
  const rank = (b: B) => (order.includes(b.name) ? order.indexOf(b.name) : order.length);
  return [...bots].sort((a, b) => rank(a) - rank(b));
}

/** The field a problem's key names, as its label says. */
function problemLabel(key: string, fields: readonly OptionField[]): string {
  const seat = /^seat-(\d+)-(bot|ms|name)$/.exec(key);
  if (seat) return `Seat ${seatLetter(Number(seat[1]))}: ${SEAT_PARTS[seat[2]!]}`;
  if (key.startsWith('option-')) return fields.find((f) => `option-${f.key}` === key)?.label ?? key;
  return PROBLEM_LABELS[key] ?? key;
}

const SEAT_PARTS: Readonly<Record<string, string>> = { bot: 'bot', ms: 'thinking time', name: 'name' };

const PROBLEM_LABELS: Readonly<Record<string, string>> = {
  name: 'Your name',
  'clock-baseMin': 'Time bank',
  'clock-incrementSec': 'Increment per move',
  'clock-hoursPerMove': 'Hours per move',
};

function invalid(id: string, problem: string | undefined) {
  return problem ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-problem` } : {};
}

function Field({
  id,
  label,
  help,
  problem,
  children,
}: {
  id: string;
  label: string;
  help?: string | null;
  problem?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <small id={`${id}-help`} className="muted help">
          {help}
        </small>
      )}
      {problem && (
        <small id={`${id}-problem`} className="error problem">
          {problem}
        </small>
      )}
    </div>
  );
}

function NumberField({
  id,
  label,
  value,
  limits,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  limits: { min: number; max: number };
  problem?: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <Field id={id} label={label} help={`${limits.min} to ${limits.max}.`} problem={problem}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...invalid(id, problem)}
      />
    </Field>
  );
}

function SeatRowFields({
  seat,
  row,
  bots,
  name,
  idOf,
  problems,
  onChange,
}: {
  seat: number;
  row: SeatRow;
  bots: readonly BotInfo[];
  /** The hot-seat name field's value; null when the seat has none. */
  name: string | null;
  idOf(part: string): string;
  problems: Problems;
  onChange(change: Partial<SeatRow>): void;
}) {
  const letter = seatLetter(seat);
  const kindId = idOf(`seat-${seat}-kind`);
  const botId = idOf(`seat-${seat}-bot`);
  const msId = idOf(`seat-${seat}-ms`);
  const nameId = idOf(`seat-${seat}-name`);
  const bot = bots.find((b) => b.name === row.bot) ?? null;
  const msProblem = problems[`seat-${seat}-ms`];
  const nameIssue = problems[`seat-${seat}-name`];
  return (
    <tr data-seat={seat}>
      <th scope="row">
        <span className="seat-letter">{letter}</span>
      </th>
      <td>
        <label htmlFor={kindId} className="sr-only">
          Seat {letter}: who plays it
        </label>
        <select id={kindId} value={row.kind} onChange={(e) => onChange({ kind: e.target.value as SeatKind })}>
          {SEAT_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        {name !== null && (
          <span className="seat-name-field">
            <label htmlFor={nameId}>
              <span className="sr-only">Seat {letter}: </span>Name
            </label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => onChange({ name: e.target.value })}
              {...invalid(nameId, nameIssue)}
            />
            {nameIssue && (
              <small id={`${nameId}-problem`} className="error problem">
                {nameIssue}
              </small>
            )}
          </span>
        )}
        {row.kind === 'bot' && (
          <div className="bot-level">
            <label htmlFor={botId} className="sr-only">
              Seat {letter}: bot
            </label>
            <select
              id={botId}
              value={row.bot}
              onChange={(e) => {
                const next = bots.find((b) => b.name === e.target.value);
                onChange({ bot: e.target.value, ms: String(next?.budgetMs?.default ?? '') });
              }}
            >
              {byLevel(bots).map((b) => (
                <option key={b.name} value={b.name}>
                  {botLabel(b.name)}
                  {BOT_TEXT[b.name] ? ` — ${BOT_TEXT[b.name]!.help}` : ''}
                </option>
              ))}
            </select>
            {bot?.budgetMs && (
              <span className="bot-ms">
                <label htmlFor={msId}>Thinking time (ms per move)</label>
                <input
                  id={msId}
                  type="number"
                  inputMode="numeric"
                  min={bot.budgetMs.min}
                  max={bot.budgetMs.max}
                  step={10}
                  value={row.ms}
                  onChange={(e) => onChange({ ms: e.target.value })}
                  {...invalid(msId, msProblem)}
                />
                {msProblem && (
                  <small id={`${msId}-problem`} className="error problem">
                    {msProblem}
                  </small>
                )}
              </span>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

function OptionInput({
  field,
  id,
  value,
  problem,
  onChange,
}: {
  field: OptionField;
  id: string;
  value: Json;
  problem?: string | undefined;
  onChange(value: Json): void;
}) {
  const describedBy = [field.help ? `${id}-help` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  const a11y = {
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(problem ? { 'aria-invalid': true as const } : {}),
  };
  const notes = (
    <>
      {field.help && (
        <small id={`${id}-help`} className="muted help">
          {field.help}
        </small>
      )}
      {problem && (
        <small id={`${id}-problem`} className="error problem">
          {problem}
        </small>
      )}
    </>
  );
  switch (field.kind) {
    case 'boolean':
      return (
        <div className="field">
          <label className="checkbox">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              onChange={(e) => onChange(e.target.checked)}
              {...a11y}
            />
            <span>{field.label}</span>
          </label>
          {notes}
        </div>
      );
    case 'enum':
      return (
        <div className="field">
          <label htmlFor={id}>{field.label}</label>
          <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value)} {...a11y}>
            {field.values.map((v, i) => (
              <option key={v} value={v}>
                {field.names[i]}
              </option>
            ))}
          </select>
          {notes}
        </div>
      );
    case 'number':
      return (
        <div className="field">
          <label htmlFor={id}>{field.label}</label>
          <input
            id={id}
            type="number"
            {...(field.min !== null ? { min: field.min } : {})}
            {...(field.max !== null ? { max: field.max } : {})}
            step={field.integer ? 1 : 'any'}
            value={String(value ?? '')}
            onChange={(e) => onChange(e.target.value)}
            {...a11y}
          />
          {notes}
        </div>
      );
    case 'multi': {
      const chosen = Array.isArray(value) ? value : [];
      const toggle = (v: string, on: boolean) =>
        onChange(on ? [...chosen, v] : chosen.filter((x) => x !== v));
      const wanted = field.min !== null && field.min === field.max ? `choose ${field.min}` : 'choose any';
      return (
        <fieldset className="field multi" {...a11y} id={id} tabIndex={-1}>
          <legend>
            {field.label}{' '}
            <span className="muted">
              ({wanted}; {chosen.length} chosen)
            </span>
          </legend>
          <div className="multi-options">
            {field.values.map((v, i) => (
              <label key={v} className="checkbox">
                <input
                  type="checkbox"
                  value={v}
                  checked={chosen.includes(v)}
                  onChange={(e) => toggle(v, e.target.checked)}
                />
                <span>{field.names[i]}</span>
              </label>
            ))}
          </div>
          {notes}
        </fieldset>
      );
    }
    case 'text':
      return (
        <div className="field">
          <label htmlFor={id}>{field.label}</label>
          <input id={id} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} {...a11y} />
          {notes}
        </div>
      );
    case 'fixed':
      return (
        <div className="field">
          <span>{field.label}</span>
          <small className="muted help">Set to its default here: {JSON.stringify(value)}.</small>
        </div>
      );
  }
}

function Created({ table, mine }: { table: TableInfo; mine: number[] }) {
  const [, navigate] = useLocation();
  return (
    <section className="panel created" aria-labelledby="created-heading">
      <h2 id="created-heading">Table created</h2>
      <p>
        {mine.length > 0
          ? `You hold seat ${mine.map(seatLetter).join(', ')}. `
          : 'You hold no seat at this table. '}
        The game starts when every open seat is taken. Send this link to the players you want:
      </p>
      <ShareLink id={table.id} />
      <p>
        <button type="button" className="primary" autoFocus onClick={() => navigate(tablePath(table.id))}>
          {mine.length > 0 ? 'Go to your table' : 'Watch the table'}
        </button>
      </p>
    </section>
  );
}
