/** Pocket Imperium side panels: players and their plans, the round's steps, the Prosperity chain, the planner. */
import { useState } from 'react';
import type { ActionIndex } from '../actions.ts';
import { ActButton } from '../common/Actionable.tsx';
import { Pop } from '../common/Pop.tsx';
import { Explain } from '../common/Explain.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import { nameOf } from '../common/hooks.ts';
import type { PlayerInfo, Viewer } from '../contract.ts';
import { playerOf } from '../seats.ts';
import {
  COMMAND_STYLES,
  COMMANDS,
  commandName,
  PROSPERITY_CARD_VP,
  PROSPERITY_CARDS,
  REQUIREMENT_TEXT,
} from './model.ts';
import type { PiAction, PiView } from './types.ts';

const ICON_PATHS: readonly string[] = [
  'M -5.5 0 H 5.5 M 0 -5.5 V 5.5',
  'M -5.5 0 H 4.5 M 0.5 -4.5 L 5 0 L 0.5 4.5',
  'M -6 0 H -2.5 M 2.5 0 H 6 M 0 -6 V -2.5 M 0 2.5 V 6 M -3.5 -3.5 L 3.5 3.5',
];

/** A drawn icon per command (plus, arrow, crosshair), so the chips do not depend on fonts. */
export function CommandIcon({ command }: { command: number }) {
  return (
    <svg viewBox="-8 -8 16 16" width="1em" height="1em" aria-hidden="true" className="command-icon">
      <path
        d={ICON_PATHS[command]}
        stroke="currentColor"
        strokeWidth={2.4}
        strokeLinecap="round"
        fill="none"
      />
      {command === 2 && <circle r={3.8} stroke="currentColor" strokeWidth={1.6} fill="none" />}
    </svg>
  );
}

export function CommandChip({ command, small = false }: { command: number | null; small?: boolean }) {
  if (command === null)
    return (
      <span className={`command-chip face-down ${small ? 'small' : ''}`} title="face down">
        ?
      </span>
    );
  const style = COMMAND_STYLES[command]!;
  return (
    <span
      className={`command-chip ${small ? 'small' : ''}`}
      style={{ background: style.fill, color: style.ink }}
      title={commandName(command)}
    >
      <CommandIcon command={command} />
      {!small && <span>{commandName(command)}</span>}
    </span>
  );
}

function shipsOnBoard(view: PiView, seat: number): number {
  return view.owner.reduce((n, o, h) => (o === seat ? n + view.ships[h]! : n), 0);
}

export function Players({
  view,
  viewer,
  players,
}: {
  view: PiView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return (
    <section className="pi-players panel-box" aria-label="Players">
      <table>
        <thead>
          <tr>
            <th>Player</th>
            <th>VP</th>
            <th>Ships</th>
            <th>Plan</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((s) => {
            const player = playerOf(players, s);
            const acting = view.actor === s || view.setupSeat === s;
            const plan = view.plans[s] ?? [null, null, null];
            return (
              <tr key={s} className={`${acting && !view.over ? 'acting' : ''} ${s === viewer ? 'mine' : ''}`}>
                <td>
                  <SeatBadge player={player} withName />
                  {s === viewer && <span className="tag">you</span>}
                  {view.start === s && !view.over && (
                    <span className="tag" title="start player">
                      start
                    </span>
                  )}
                </td>
                <td>
                  <Pop value={view.vp.total[s]} as="b" className="vp">
                    {view.vp.total[s]}
                  </Pop>
                  <Explain
                    className="vp-parts"
                    text={
                      `${view.vp.sector[s]} from sector scoring + ${view.vp.extra[s]} from extra sectors ` +
                      `(Tri-Prime's choice) + ${view.vp.prosperity[s]} from Prosperity cards = ${view.vp.total[s]} VP`
                    }
                  >
                    {view.vp.sector[s]} + {view.vp.extra[s]} + {view.vp.prosperity[s]}
                  </Explain>
                </td>
                <td>
                  <Explain text={`${view.supply[s]} ships in supply, ${shipsOnBoard(view, s)} on the board`}>
                    {view.supply[s]} / {shipsOnBoard(view, s)}
                  </Explain>
                </td>
                <td>
                  {view.phase === 'setup' ? (
                    <span className="plan-state">none yet</span>
                  ) : view.phase === 'plan' && s !== viewer ? (
                    <span className={`plan-state ${view.submitted[s] ? 'in' : ''}`}>
                      {view.submitted[s] ? '✓ plan in' : '… planning'}
                    </span>
                  ) : (
                    <span className="plan-slots">
                      {plan.map((c, k) => (
                        <span
                          key={k}
                          className={view.phase === 'perform' && k === view.step ? 'current-slot' : ''}
                        >
                          <CommandChip command={c} small />
                        </span>
                      ))}
                      {view.phase === 'perform' && view.strengths[s] !== undefined && (
                        <span className="strength" title="strength of this step's command">
                          ×{view.strengths[s]}
                        </span>
                      )}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted small">
        VP = sector scoring + extra sectors (Tri-Prime's choice) + Prosperity cards; ships = in supply / on
        the board. Press a figure to read it in words.
      </p>
    </section>
  );
}

export function RoundSteps({
  view,
  viewer,
  players,
}: {
  view: PiView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  const stages = [
    { key: 'plan', label: 'Plan' },
    { key: 'step0', label: 'Step 1' },
    { key: 'step1', label: 'Step 2' },
    { key: 'step2', label: 'Step 3' },
    { key: 'exploit', label: 'Exploit' },
  ];
  const now = view.phase === 'perform' ? `step${view.step}` : view.phase;
  const round = Math.max(view.round, 1);
  return (
    <div className="round-steps" aria-label="Round steps">
      <span className="round-label">
        {view.phase === 'setup' ? 'Setup' : `Round ${round} of ${view.rounds}`}
        {view.round === view.rounds && !view.over && <b> · last round</b>}
      </span>
      <ol>
        {stages.map((st) => (
          <li key={st.key} className={st.key === now ? 'now' : ''}>
            {st.label}
          </li>
        ))}
      </ol>
      {view.phase === 'perform' && view.order.length > 0 && (
        <span className="order">
          acting in turn:{' '}
          {view.order.map((s, i) => (
            <span key={i} className={i === view.turn ? 'turn-now' : i < view.turn ? 'turn-done' : ''}>
              <SeatBadge player={playerOf(players, s)} />
              <CommandChip command={view.plans[s]?.[view.step] ?? null} small />
            </span>
          ))}
        </span>
      )}
      <span className="sr-only">{nameOf(players, view.actor ?? 0, viewer)}</span>
    </div>
  );
}

export function ProsperityChain({
  view,
  viewer,
  players,
}: {
  view: PiView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  if (!view.prosperity) return null;
  return (
    <section className="chain panel-box" aria-label="Prosperity cards">
      <h3>Prosperity cards · {PROSPERITY_CARD_VP} VP each</h3>
      <ol className="chain-cards">
        {view.chain.map((id, i) => {
          const card = id === null ? null : PROSPERITY_CARDS[id]!;
          const claim = view.claims[i];
          const current = i === view.round - 1 && !view.over;
          return (
            <li key={i} className={`p-card ${card ? '' : 'face-down'} ${current ? 'current' : ''}`}>
              <div className="p-round">R{i + 1}</div>
              {card ? (
                <>
                  <div className="p-req">{REQUIREMENT_TEXT[card.requirement]}</div>
                  <div className="p-slots">
                    {card.slots.map((c, k) => (
                      <CommandChip key={k} command={c} small />
                    ))}
                  </div>
                </>
              ) : (
                <div className="p-back">?</div>
              )}
              {claim !== undefined && claim >= 0 && (
                <div className="p-claim">
                  <SeatBadge player={playerOf(players, claim)} /> {nameOf(players, claim, viewer)}
                </div>
              )}
              {claim === -1 && <div className="p-claim muted">discarded</div>}
            </li>
          );
        })}
      </ol>
      <p className="muted small">A command in the slot its card pictures gets +1 strength that step.</p>
    </section>
  );
}

/** Order the three command cards: click them in the order they should resolve, then submit. */
export function Planner({
  view,
  viewer,
  acts,
}: {
  view: PiView;
  viewer: Viewer;
  acts: ActionIndex<PiAction>;
}) {
  const [order, setOrder] = useState<number[]>([]);
  const plans = acts.pick({ type: 'plan' });
  if (plans.length === 0) return null;
  const names = order.map((c) => COMMANDS[c]!);
  const chosen = order.length === 3 ? acts.pick({ type: 'plan', order: names }) : [];
  const mine = typeof viewer === 'number' ? view.plans[viewer] : null;
  const hasPlan = mine?.every((c) => c !== null);
  const card = view.prosperity ? view.chain[view.round - 1] : null;
  const bonus = card === null || card === undefined ? null : PROSPERITY_CARDS[card]!;
  return (
    <section
      className="planner panel-box act-zone"
      aria-label="Plan your commands"
      data-covers={plans.map((r) => r.index).join(' ')}
    >
      <h3>Plan your three commands</h3>
      <p className="small">
        Click the cards in the order they should resolve. Nobody sees them until each step reveals its slot.
        {hasPlan && mine && (
          <>
            {' '}
            Your plan in: {mine.map((c) => commandName(c!)).join(' → ')} — you may change it until the last
            plan is in.
          </>
        )}
      </p>
      <div className="planner-row">
        <div className="hand-commands">
          {[0, 1, 2].map((c) => (
            <button
              key={c}
              type="button"
              className="command-card"
              disabled={order.includes(c)}
              data-command={COMMANDS[c]}
              onClick={() => setOrder([...order, c])}
              style={{ borderColor: COMMAND_STYLES[c]!.fill }}
            >
              <CommandChip command={c} />
            </button>
          ))}
        </div>
        <ol className="slots">
          {[0, 1, 2].map((k) => (
            <li key={k} className="slot">
              <span className="slot-num">{k + 1}</span>
              {order[k] !== undefined ? (
                <CommandChip command={order[k]!} />
              ) : (
                <span className="muted">empty</span>
              )}
              {bonus && (
                <span className="bonus" title="Prosperity bonus for this slot">
                  +1 if <CommandChip command={bonus.slots[k]!} small />
                </span>
              )}
            </li>
          ))}
        </ol>
      </div>
      <div className="planner-actions">
        <ActButton refs={chosen}>Submit plan</ActButton>
        {order.length > 0 && (
          <button type="button" className="plain" onClick={() => setOrder([])}>
            Start again
          </button>
        )}
      </div>
    </section>
  );
}
