/** The Prospectus board: potion tanks, future track, crystal ball and chamber, screens, hand. */
import type { ActionIndex } from '../actions.ts';
import { ActButton, ActionScope, Act } from '../common/Actionable.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import { nameOf, useActionIndex, winPhrase } from '../common/hooks.ts';
import type { BoardProps, PlayerInfo, Viewer } from '../contract.ts';
import { playerOf } from '../seats.ts';
import { BallPanel } from './Ball.tsx';
import { FutureCardFace, FutureTrack, PotionChip } from './FutureTrack.tsx';
import { abilityName, abilityText, PHASE_TEXT, paramsText, potionName, spellName } from './model.ts';
import { PriceMachine } from './PriceMachine.tsx';
import { Hand, Screens, TradeRecord } from './Screens.tsx';
import type { ProspectusAction, PView } from './types.ts';
import './prospectus.css';

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
      {view.aside.map((token, i) => (
        <Act
          key={i}
          as="span"
          refs={acts.pick({ t: 'tokens', a: 5 + i })}
          title={`Swap ${abilityName(token)}`}
          className="token-aside"
        >
          <span title={abilityText(token)}>{abilityName(token)}</span>
        </Act>
      ))}
      {view.removed.length > 0 && (
        <span className="muted"> · spells out of this game: {view.removed.map(spellName).join(', ')}</span>
      )}
    </div>
  );
}

export default function ProspectusBoard(props: BoardProps<PView, ProspectusAction>) {
  const { view, viewer, players, onAction } = props;
  const acts = useActionIndex(props);
  return (
    <ActionScope onAction={onAction as (a: unknown) => void}>
      <div className="prospectus-board">
        <Status view={view} viewer={viewer} players={players} acts={acts} />
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
      </div>
    </ActionScope>
  );
}
