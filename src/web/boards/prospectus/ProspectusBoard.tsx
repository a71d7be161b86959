/** The Prospectus board: potion tanks, future track, crystal ball and chamber, screens, hand. */
import type { ActionIndex } from '../actions.ts';
import { ActButton, ActionScope, Act } from '../common/Actionable.tsx';
import { Explain, Legend } from '../common/Explain.tsx';
import type { LegendEntry } from '../common/Explain.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import { clockwiseFrom, TurnOrder } from '../common/TurnOrder.tsx';
import { nameOf, useActionIndex, winPhrase } from '../common/hooks.ts';
import type { BoardProps, PlayerInfo, Viewer } from '../contract.ts';
import { playerOf } from '../seats.ts';
import { BallPanel } from './Ball.tsx';
import { FutureCardFace, FutureTrack, PotionChip } from './FutureTrack.tsx';
import {
  abilityName,
  abilityText,
  PHASE_TEXT,
  paramsText,
  potionName,
  shortAbility,
  spellName,
} from './model.ts';
import { PriceMachine } from './PriceMachine.tsx';
import { Hand, Screens, TradeRecord } from './Screens.tsx';
import type { ProspectusAction, PView } from './types.ts';
import './prospectus.css';

/** Seat A starts every round and the draft (prospectus.turn.order), in words for the viewer. */
function startNote(view: PView, players: readonly PlayerInfo[], viewer: Viewer): string {
  const first = viewer === 0 ? 'you' : nameOf(players, 0, viewer);
  if (view.phase === 'draft') return `the draft: three cubes each, ${first} first`;
  return `${first} ${viewer === 0 ? 'start' : 'starts'} every round`;
}

function Status({
  view,
  viewer,
  players,
  acts,
}: {
  view: PView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
  acts: ActionIndex<ProspectusAction>;
}) {
  const round = Math.floor(view.turn / view.players) + 1;
  if (view.phase === 'over') {
    const best = Math.max(...view.money.map((m) => m ?? 0));
    const winners = view.money.flatMap((m, s) => (m === best ? [s] : []));
    return (
      <div className="status over">
        <strong>Game over.</strong> {winPhrase(players, winners, viewer)} with ${best}.
      </div>
    );
  }
  const actor = view.actor;
  const mine = actor === viewer;
  const who = nameOf(players, actor, viewer);
  return (
    <div className={`status ${mine ? 'mine' : ''}`}>
      <span className="round">
        Round {round} of {view.rounds}
      </span>
      <SeatBadge player={playerOf(players, actor)} />
      <span>
        {mine ? <strong>Your move:</strong> : <strong>Waiting for {who}</strong>}
        {mine ? ' ' : ' to '}
        {PHASE_TEXT[view.phase] ?? view.phase}
        {view.phase === 'ability' && view.ability >= 0 && (
          <>
            {' '}
            — <b title={abilityText(view.ability)}>{abilityName(view.ability)}</b> (
            {abilityText(view.ability)})
          </>
        )}
        {view.tx && (
          <>
            {' '}
            — {view.tx.kind === 'buy' ? 'buying' : 'selling'} <PotionChip p={view.tx.potion} size="s" />{' '}
            {potionName(view.tx.potion)} at ${view.prices[view.tx.potion]}
            {view.tx.max !== null ? `, up to ${view.tx.max}` : ''}
          </>
        )}
      </span>
      {!acts.active && !mine && viewer !== 'spectator' && <span className="muted"> (not your turn)</span>}
    </div>
  );
}

function ThisTurn({
  view,
  viewer,
  players,
}: {
  view: PView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  if (!view.played || view.phase === 'over') return null;
  const you = view.active === viewer;
  const how = {
    cast: you ? 'cast' : 'casts',
    council: you ? 'discard, to sell to the council again,' : 'discards, to sell to the council again,',
    recharge: you ? 'discard, to recharge your tile,' : 'discards, to recharge the tile,',
  }[view.played.mode];
  const params = paramsText(view.played.spell, view.played.params);
  return (
    <div className="this-turn">
      This turn {you ? 'you' : nameOf(players, view.active, viewer)} {how}{' '}
      <b>{spellName(view.played.spell)}</b>
      {params && ` — ${params}`}
      {view.interruptQueue.length > 0 && (
        <span className="muted">
          {' '}
          · interrupts still to answer:{' '}
          {view.interruptQueue.map((s) => nameOf(players, s, viewer)).join(', ')}
        </span>
      )}
    </div>
  );
}

/** Decisions that have no place on the board: skip, quantities, orders of the future cards. */
function Prompt({ view, acts }: { view: PView; acts: ActionIndex<ProspectusAction> }) {
  const qty = acts.pick({ t: 'qty' });
  const orders = acts.pick({ t: 'order' });
  // prospectus.turn.back: a transaction before its quantity, Block's first demand before the second.
  const back = acts.pick({ t: 'back' });
  if (!acts.active) return null;
  return (
    <div className="prompt" aria-label="Your choices">
      {qty.length > 0 && (
        <div className="qty-row">
          <span>How many?</span>
          {qty.map((ref) => (
            <ActButton key={ref.index} refs={[ref]}>
              {(ref.action as { n: number }).n}
              <small> {ref.label.replace(/^\d+ cubes? ?/, '')}</small>
            </ActButton>
          ))}
          <ActButton refs={back} className="secondary">
            Cancel
          </ActButton>
        </div>
      )}
      {qty.length === 0 && back.length > 0 && (
        <div className="qty-row">
          <span>First demand to block chosen.</span>
          <ActButton refs={back} className="secondary">
            Cancel it
          </ActButton>
        </div>
      )}
      {orders.length > 0 && (
        <div className="order-row">
          <span>Put the top future cards back:</span>
          {orders.map((ref) => (
            <ActButton key={ref.index} refs={[ref]} />
          ))}
        </div>
      )}
      {view.knownFuture.length > 0 && orders.length > 0 && (
        <div className="known-cards">
          {view.knownFuture.slice(0, 3).map((c) => (
            <div key={c} className="future-card mini">
              <div className="card-id">#{c}</div>
              <FutureCardFace card={c} />
            </div>
          ))}
        </div>
      )}
      <ActButton refs={acts.pick({ t: 'pound' })} />
      <ActButton refs={acts.pick({ t: 'skip' })} className="secondary" />
    </div>
  );
}

function AsideTokens({ view, acts }: { view: PView; acts: ActionIndex<ProspectusAction> }) {
  return (
    <div className="aside-tokens">
      <span className="muted">Tokens set aside:</span>
      {view.aside.map((token, i) => {
        const refs = acts.pick({ t: 'tokens', a: 5 + i });
        return (
          <Act
            key={i}
            as="span"
            refs={refs}
            title={`Swap ${abilityName(token)}`}
            name={abilityName(token)}
            className="token-aside"
          >
            {/* A clickable token may not hold a button: its label says what swapping it does. */}
            {refs.length > 0 ? (
              abilityName(token)
            ) : (
              <Explain text={`${abilityName(token)}: ${abilityText(token)} (set aside: no potion has it)`}>
                {abilityName(token)}
              </Explain>
            )}
          </Act>
        );
      })}
      {view.removed.length > 0 && (
        <span className="muted">
          {' '}
          · removed from every deck at setup (each player's discard pile holds them):{' '}
          {view.removed.map(spellName).join(', ')}
        </span>
      )}
    </div>
  );
}

/** The marks of this board in words, for a phone as for a mouse (hover tooltips show on neither). */
function ProspectusLegend({ view }: { view: PView }) {
  const tokens: LegendEntry[] = view.abilities.map((token, p) => ({
    mark: (
      <>
        <PotionChip p={p} size="s" title="" /> {shortAbility(token)}
      </>
    ),
    text: `${potionName(p)}'s ability, used after a cube of it is sold to the council: ${abilityText(token)}.`,
  }));
  return (
    <Legend
      entries={[
        {
          mark: 'buy ≤ 3',
          text: 'Each band of prices: how many cubes one transaction may buy there, and the dividend paid per cube owned.',
        },
        {
          mark: '±40 · 4 div',
          text: 'Under each potion, its volatility as the rulebook prints it: future-card icons that may raise its price (as many may lower it), and the cards that advance its dividend. More icons, wilder prices.',
        },
        {
          mark: '▢▢▢',
          text: 'A potion’s dividend lair: the third cube pays the dividend, then its price falls a space.',
        },
        { mark: '▲ 2', text: 'On a price: how far it moved this turn.' },
        ...tokens,
        {
          mark: '□ ■ ✕',
          text: 'A council demand on a future card: open (sell a cube there), sold (the potion rises when the card executes), blocked.',
        },
        {
          mark: (
            <>
              <PotionChip p={0} size="s" title="" /> ▼ ■■
            </>
          ),
          text: 'A future card’s row: the cubes of that potion it drops into the crystal ball, and the way the price moves for each one that comes out. A row with no cube still has its arrow: cubes from the ball can move it.',
        },
        {
          mark: '+2 −1 C ⇄',
          text: 'Trades seen across a closed screen: bought (2), sold (1), sold to the council, exchanged; ≤3 is the buy limit when the quantity is hidden. Press a chip to read it in words.',
        },
        {
          mark: '⚡',
          text: 'An active interrupt tile: one transaction on another player’s turn, after their spell.',
        },
      ]}
    />
  );
}

export default function ProspectusBoard(props: BoardProps<PView, ProspectusAction>) {
  const { view, viewer, players, onAction } = props;
  const acts = useActionIndex(props);
  return (
    <ActionScope onAction={onAction as (a: unknown) => void}>
      <div className="prospectus-board">
        <Status view={view} viewer={viewer} players={players} acts={acts} />
        {view.phase !== 'over' && (
          <TurnOrder
            players={players}
            viewer={viewer}
            order={clockwiseFrom(0, view.players)}
            now={view.phase === 'draft' ? view.actor : view.active}
            note={startNote(view, players, viewer)}
          />
        )}
        <ThisTurn view={view} viewer={viewer} players={players} />
        <Prompt view={view} acts={acts} />
        <FutureTrack view={view} acts={acts} />
        <div className="market-row">
          <div className="machine-box">
            <PriceMachine view={view} acts={acts} events={props.events} />
            <AsideTokens view={view} acts={acts} />
          </div>
          <div className="side-box">
            <BallPanel view={view} acts={acts} players={players} />
            <Hand view={view} acts={acts} />
          </div>
        </div>
        <Screens view={view} viewer={viewer} players={players} />
        <TradeRecord view={view} viewer={viewer} players={players} />
        <ProspectusLegend view={view} />
      </div>
    </ActionScope>
  );
}
