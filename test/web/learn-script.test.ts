/**
 * The tutorial scripts' runner (`src/web/learn/script.ts`) without a browser: when a step waits,
 * when it counts as done, skipped steps, tips, and a table not yet shown as it is; and the scripts
 * themselves against the games (their seat counts, unique step ids).
 */
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/games/registry.ts';
import { advance, dismissTip, next, parseProgress, START } from '../../src/web/learn/script.ts';
import type { LearnState, Moment, Progress, TutorialScript } from '../../src/web/learn/script.ts';
import { TUTORIALS } from '../../src/web/learn/tutorials.ts';

interface V {
  readonly phase: string;
}
type A = { readonly type: string };

const state = (phase: string, ...legal: string[]): LearnState<V, A> => ({
  view: { phase },
  legal: legal.map((type) => ({ type })),
  seat: 0,
});
const at = (seq: number, acked: number | null = null, settled = true): Moment => ({ seq, acked, settled });
const can = (s: LearnState<V, A>, type: string) => s.legal.some((a) => a.type === type);

const script: TutorialScript<V, A> = {
  steps: [
    { id: 'hello', kind: 'read', title: 'Hello', text: 'Welcome.' },
    {
      id: 'draft',
      kind: 'do',
      title: 'Draft',
      text: 'Take one.',
      when: (s) => can(s, 'draft'),
      until: (s) => s.view.phase !== 'draft',
    },
    { id: 'buy', kind: 'do', title: 'Buy', text: 'Buy.', when: (s) => can(s, 'buy') },
    {
      id: 'sell',
      kind: 'do',
      title: 'Sell',
      text: 'Sell.',
      when: (s) => can(s, 'sell'),
      skip: (s) => can(s, 'end'),
    },
    { id: 'end', kind: 'do', title: 'End', text: 'End.', when: (s) => can(s, 'end') },
  ],
  tips: [{ id: 'asked', title: 'Asked', text: 'Answer.', when: (s) => can(s, 'accept') }],
  finale: { title: 'The end', text: 'Scoring.' },
};

const run = (p: Progress, s: LearnState<V, A>, m: Moment) => advance(script, p, s, m);

describe('the tutorial runner', () => {
  it('waits on an explanation until Next, then on a move until its situation comes and is over', () => {
    let p = run(START, state('draft', 'draft'), at(0));
    expect(p).toBe(START);
    p = run(next(p), state('draft', 'draft'), at(0));
    expect(p).toMatchObject({ step: 1, seenAt: 0 });
    // The learner drafted; others still draft: the step's own test says it is not over.
    p = run(p, state('draft'), at(1, 1));
    expect(p.step).toBe(1);
    p = run(p, state('play', 'buy'), at(4, 1));
    expect(p).toMatchObject({ step: 2, seenAt: 4 });
    // Without a test of its own, a step is over once the learner has moved after seeing it.
    p = run(p, state('play', 'buy'), at(4, 1));
    expect(p.step).toBe(2);
    p = run(p, state('play', 'end'), at(5, 5));
    // "sell" did not come this time (the turn can only end): passed over; "end" is seen.
    expect(p).toMatchObject({ step: 4, seenAt: 5 });
    p = run(p, state('wait'), at(6, 6));
    expect(p.step).toBe(script.steps.length);
  });

  it('moves on nothing while the board is behind the table', () => {
    const seen = run(next(START), state('draft', 'draft'), at(0));
    // Legal actions held back (moves still being shown, a move in flight): nothing is judged.
    expect(run(seen, state('play'), at(3, 1, false))).toBe(seen);
    // The learner's move acknowledged before the update that shows it: still the old board.
    const buying: Progress = { ...START, step: 2, seenAt: 4 };
    expect(run(buying, state('play', 'buy'), at(4, 5))).toBe(buying);
    expect(run(buying, state('play', 'sell'), at(5, 5)).step).toBe(3);
  });

  it('a step that does not wait for a situation is not done before the learner moves', () => {
    const p = run({ ...START, step: 2 }, state('play', 'buy'), at(7, 3));
    expect(p).toMatchObject({ step: 2, seenAt: 7 });
  });

  it('shows a tip once, the first time its situation comes, until dismissed or over', () => {
    let p = run(START, state('x', 'accept'), at(2));
    expect(p.tip).toBe('asked');
    p = dismissTip(p);
    expect(p).toMatchObject({ tip: null, tipsDone: ['asked'] });
    expect(run(p, state('x', 'accept'), at(9)).tip).toBeNull();
    // Shown, then the situation passes: done without a click.
    const shown = run(START, state('x', 'accept'), at(2));
    expect(run(shown, state('x'), at(3, 3))).toMatchObject({ tip: null, tipsDone: ['asked'] });
  });

  it('reads back saved progress, and starts again from anything malformed', () => {
    const saved: Progress = { step: 2, seenAt: 4, tip: null, tipsDone: ['asked'] };
    expect(parseProgress(JSON.stringify(saved), 5)).toEqual(saved);
    for (const bad of [
      null,
      '',
      '{',
      '[]',
      '{"step":9,"seenAt":null,"tip":null,"tipsDone":[]}',
      '{"step":1}',
      '{"step":-1,"seenAt":null,"tip":null,"tipsDone":[]}',
    ])
      expect(parseProgress(bad, 5)).toBe(START);
  });
});

describe('the scripts', () => {
  it.each(Object.entries(TUTORIALS))(
    '%s: a game with that many seats, and steps and tips with their own ids',
    async (id, info) => {
      const game = GAMES.find((g) => g.id === id);
      expect(game).toBeDefined();
      expect(info.players).toBeGreaterThanOrEqual(game!.minPlayers);
      expect(info.players).toBeLessThanOrEqual(game!.maxPlayers);
      const loaded = (await info.load()).default;
      const ids = [...loaded.steps.map((s) => s.id), ...loaded.tips.map((t) => t.id)];
      expect(new Set(ids).size).toBe(ids.length);
      expect(loaded.steps.length).toBeGreaterThanOrEqual(8);
      expect(loaded.finale.text.length).toBeGreaterThan(100);
    },
  );
});
