/** The Pocket Imperium board: the star map, the round's steps, players and plans, the Prosperity chain. */
import type { ActionIndex } from '../actions.ts';
import { ActButton, ActionScope } from '../common/Actionable.tsx';
import { Legend } from '../common/Explain.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import { nameOf, useActionIndex, winPhrase } from '../common/hooks.ts';
import type { BoardProps, PlayerInfo, Viewer } from '../contract.ts';
import { playerOf } from '../seats.ts';
import { HexMap } from './HexMap.tsx';
import { capacityOf, commandName, LEVEL_VP, recentHexes } from './model.ts';
import { Planner, Players, ProsperityChain, RoundSteps } from './Panels.tsx';
import type { PiAction, PiView } from './types.ts';
import './pocket-imperium.css';

function statusText(
  view: PiView,
  viewer: Viewer,
  players: readonly PlayerInfo[],
): { who: number | null; text: string } {
  const name = (s: number) => nameOf(players, s, viewer);
  switch (view.phase) {
    case 'setup':
      return {
        who: view.setupSeat,
        text: 'place two ships on a free level-I system, in a sector nobody holds yet',
      };
    case 'plan': {
      const waiting = view.submitted.flatMap((done, s) => (done || s === viewer ? [] : [name(s)]));
      const others = waiting.length ? `still planning: ${waiting.join(', ')}` : 'every other plan is in';
      return { who: null, text: `everyone plans three commands in secret (${others})` };
    }
    case 'perform': {
      if (view.actor === null) return { who: null, text: 'resolving' };
      const command = view.plans[view.actor]?.[view.step];
      const what = command === null || command === undefined ? 'a command' : commandName(command);
      const strength = view.strengths[view.actor] ?? 0;
      let detail = `${what}, ${view.left} of ${strength} action${strength === 1 ? '' : 's'} left`;
      if (view.fleet)
        detail += `; a fleet of ${view.fleet.ships} is under way (${view.fleet.steps} of 2 moves made)`;
      if (view.attack)
        detail += `; invading #${view.attack.target} with ${view.attack.ships} ship${view.attack.ships === 1 ? '' : 's'} so far`;
      return { who: view.actor, text: `play ${detail}` };
    }
    case 'exploit':
      return {
        who: view.chooser,
        text: view.extraChoice
          ? 'choose one more sector to score (Tri-Prime’s extra choice)'
          : 'choose a sector to score',
      };
    default:
      return { who: null, text: '' };
  }
}

function Status({
  view,
  viewer,
  players,
  acts,
}: {
  view: PiView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
  acts: ActionIndex<PiAction>;
}) {
  if (view.over) {
    const best = Math.max(...view.vp.total);
    const winners = view.vp.total.flatMap((v, s) => (v === best ? [s] : []));
    return (
      <div className="status over">
        <strong>Game over.</strong> {winPhrase(players, winners, viewer)} with {best} VP
        {winners.length > 1 && (
          <span className="muted"> (tie-break: Tri-Prime, then ships on the board)</span>
        )}
      </div>
    );
  }
  const { who, text } = statusText(view, viewer, players);
  const mine = acts.active;
  return (
    <div className={`status ${mine ? 'mine' : ''}`}>
      {who !== null && <SeatBadge player={playerOf(players, who)} />}
      {mine ? (
        <strong>Your move:</strong>
      ) : who !== null ? (
        <strong>Waiting for {nameOf(players, who, viewer)}</strong>
      ) : null}
      <span>
        {mine || who === null ? ' ' : ' to '}
        {text}
      </span>
    </div>
  );
}

function Prompt({ acts }: { acts: ActionIndex<PiAction> }) {
  const pickups = acts.pick({ type: 'pickup' });
  const drops = acts.pick({ type: 'drop' });
  if (!acts.active) return null;
  return (
    <div className="prompt">
      {pickups.length > 0 && <span>Pick up:</span>}
      {pickups.map((ref) => (
        <ActButton key={ref.index} refs={[ref]}>
          +{(ref.action as { ships: number }).ships}
        </ActButton>
      ))}
      {drops.length > 0 && <span>Leave here:</span>}
      {drops.map((ref) => (
        <ActButton key={ref.index} refs={[ref]}>
          −{(ref.action as { ships: number }).ships}
        </ActButton>
      ))}
      <ActButton refs={acts.pick({ type: 'launch' })}>Launch the invasion</ActButton>
      <ActButton refs={acts.pick({ type: 'end' })} className="secondary">
        Stop the fleet here
      </ActButton>
      <ActButton refs={acts.pick({ type: 'stop' })} className="secondary">
        End this command
      </ActButton>
    </div>
  );
}

/** The map's marks in words, for a phone as for a mouse. */
function PiLegend() {
  return (
    <Legend
      entries={[
        {
          mark: 'I  II  III',
          text: `Systems by level: I scores ${LEVEL_VP[1]} VP, II ${LEVEL_VP[2]}, Tri-Prime (III) ${LEVEL_VP[3]} to whoever holds it when its sector is scored.`,
        },
        {
          mark: '≤2',
          text: `The most ships a hex keeps at the end of a round (empty ${capacityOf(0)}, level I ${capacityOf(1)}, level II ${capacityOf(2)}, Tri-Prime ${capacityOf(3)}); the rest go back to the supply.`,
        },
        {
          mark: 'bright outline',
          text: 'A sector card: its five (or four) hexes inside one outline, its number in a circle (✓ once chosen for scoring this round). Hexes outside every card belong to no sector.',
        },
        { mark: 'A 2', text: 'Ships: the owner’s mark and how many; N is a neutral ship.' },
        { mark: '12', text: 'The hex’s number, as the moves name it (#12).' },
        {
          mark: 'dashed ring',
          text: 'Where the last moves happened, in the mover’s colour; arrows show a fleet under way or an invasion.',
        },
        {
          mark: '11 + 4 + 0',
          text: 'VP from sector scoring, from extra sectors (Tri-Prime’s choice) and from Prosperity cards.',
        },
        { mark: '×2', text: 'The strength of a player’s command this step: how many actions it gives.' },
      ]}
    />
  );
}

export default function PocketImperiumBoard(props: BoardProps<PiView, PiAction>) {
  const { view, viewer, players, onAction } = props;
  const acts = useActionIndex(props);
  return (
    <ActionScope onAction={onAction as (a: unknown) => void}>
      <div className="pi-board">
        <Status view={view} viewer={viewer} players={players} acts={acts} />
        <RoundSteps view={view} viewer={viewer} players={players} />
        <Prompt acts={acts} />
        <div className="pi-main">
          <div className="map-box">
            <HexMap
              view={view}
              viewer={viewer}
              acts={acts}
              players={players}
              recent={recentHexes(props.events)}
            />
          </div>
          <div className="pi-side">
            <Planner key={`${view.round}-${viewer}`} view={view} viewer={viewer} acts={acts} />
            <Players view={view} viewer={viewer} players={players} />
            <ProsperityChain view={view} viewer={viewer} players={players} />
          </div>
        </div>
        <PiLegend />
      </div>
    </ActionScope>
  );
}
