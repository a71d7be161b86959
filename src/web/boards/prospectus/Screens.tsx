/**
 * Each player's screen: money and holdings (hidden behind a closed screen unless it is yours or
 * the game is over), spells in hand, draw and discard piles, the interrupt tile, and — for closed
 * screens — the last trades the table saw, which is all anyone knows of them.
 */
import type { ActionIndex } from '../actions.ts';
import { Act } from '../common/Actionable.tsx';
import { Explain } from '../common/Explain.tsx';
import { Pop } from '../common/Pop.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import type { PlayerInfo, Viewer } from '../contract.ts';
import { callName, playerOf, shortName } from '../seats.ts';
import { PotionChip } from './FutureTrack.tsx';
import {
  POTION_COUNT,
  REC,
  recordLines,
  recordText,
  spellId,
  spellName,
  spellPromo,
  spellText,
  splitDiscards,
} from './model.ts';
import type { RecordLine } from './model.ts';
import type { ProspectusAction, PView } from './types.ts';
import { WOULD_BE } from './whynot.ts';

const TRADE_KINDS: readonly number[] = [REC.BUY, REC.SELL, REC.COUNCIL, REC.EXCHANGE, REC.BOUNTY];

/** The sign of each kind of record entry on a chip; the legend and each chip's note explain them. */
const TRADE_SIGN: Readonly<Record<number, string>> = {
  [REC.BUY]: '+',
  [REC.SELL]: '−',
  [REC.COUNCIL]: 'C',
  [REC.EXCHANGE]: '⇄',
};

/** One trade the table saw, as a chip that says in words what it was when pressed. */
function TradeChip({ line }: { line: RecordLine }) {
  const { e, qty } = line;
  const kind = e[0]!;
  if (kind === REC.BOUNTY)
    return (
      <Explain className={`trade-chip k${kind}`} text={recordText(e)}>
        $+{e[2]}
      </Explain>
    );
  return (
    <Explain className={`trade-chip k${kind}`} text={recordText(e, qty)}>
      {TRADE_SIGN[kind] ?? ''}
      {qty ? qty.n : ''}
      <PotionChip p={e[2]!} size="s" title="" />
      {kind === REC.BUY || kind === REC.SELL || kind === REC.COUNCIL ? `$${e[3]}` : ''}
      {kind === REC.BUY && !qty ? <small>≤{e[4]}</small> : null}
    </Explain>
  );
}

function SeatScreen({
  view,
  seat,
  viewer,
  players,
}: {
  view: PView;
  seat: number;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  const player = playerOf(players, seat);
  const money = view.money[seat];
  const cubes = view.cubes[seat];
  const trades = cubes
    ? []
    : recordLines(view.record)
        .filter(({ e }) => e[1] === seat && TRADE_KINDS.includes(e[0]!))
        .slice(-6);
  const acting = view.phase !== 'over' && view.actor === seat;
  const final = view.final;
  return (
    <article
      className={`screen ${acting ? 'acting' : ''} ${seat === viewer ? 'mine' : ''}`}
      style={{ borderColor: acting ? player.colour : undefined }}
      aria-label={seat === viewer ? 'Your screen' : `${callName(player)}'s screen`}
    >
      <header>
        <SeatBadge player={player} withName />
        {seat === viewer && <span className="tag">you</span>}
        {/* A bot's name already says so ("Basil · Casual bot"). */}
        {player.bot && shortName(player) === player.name && <span className="tag">bot</span>}
        {view.active === seat && view.phase !== 'over' && <span className="tag turn">turn</span>}
        {acting && view.actor !== view.active && <span className="tag turn">acting</span>}
      </header>
      <div className="money">
        {money === null || money === undefined ? (
          <span className="hidden-value" title="behind a closed screen">
            $ ? <small>screen closed</small>
          </span>
        ) : (
          <Pop value={money}>${money}</Pop>
        )}
      </div>
      <div className="holdings">
        {cubes ? (
          Array.from({ length: POTION_COUNT }, (_, p) => (
            <span key={p} className={`holding ${cubes[p] ? '' : 'zero'}`}>
              <PotionChip p={p} size="s" />
              <Pop value={cubes[p]} as="b">
                {cubes[p]}
              </Pop>
            </span>
          ))
        ) : (
          <div className="trades">
            <span className="muted">seen:</span>
            {trades.length ? (
              trades.map((line, i) => <TradeChip key={i} line={line} />)
            ) : (
              <span className="muted">nothing yet</span>
            )}
          </div>
        )}
      </div>
      <div className="spell-piles">
        <span title="spells in hand">
          hand <b>{view.handSizes[seat]}</b>
        </span>
        <span title="spells left to draw">
          draw <b>{view.drawSizes[seat]}</b>
        </span>
        <span className={`tile ${view.interrupts[seat] ? 'ready' : 'spent'}`} title="interrupt tile">
          {view.interrupts[seat] ? '⚡ interrupt ready' : '· interrupt inactive'}
        </span>
      </div>
      <Discards pile={view.discards[seat]!} removed={view.removed} />
      {final && money !== null && money !== undefined && (
        <div className="final-lines">
          cash ${money - final.bonus[seat]! - final.selloff[seat]!} + chamber bonus ${final.bonus[seat]} +
          sell-off ${final.selloff[seat]} = <b>${money}</b>
        </div>
      )}
    </article>
  );
}

/** A discard pile: the spells removed at setup apart from those played (prospectus.setup.spells). */
function Discards({ pile, removed }: { pile: readonly number[]; removed: readonly number[] }) {
  const { setup, played } = splitDiscards(pile, removed);
  return (
    <>
      {played.length > 0 && <div className="discards">played: {played.map(spellName).join(', ')}</div>}
      {setup.length > 0 && (
        <div className="discards muted">removed at setup: {setup.map(spellName).join(', ')}</div>
      )}
    </>
  );
}

export function Screens({
  view,
  viewer,
  players,
}: {
  view: PView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return (
    <section className="screens" aria-label="Players">
      {seats.map((seat) => (
        <SeatScreen key={seat} view={view} seat={seat} viewer={viewer} players={players} />
      ))}
    </section>
  );
}

export function Hand({ view, acts }: { view: PView; acts: ActionIndex<ProspectusAction> }) {
  if (!view.hand) return null;
  return (
    <section className="hand" aria-label="Your spells">
      <h3>Your spells</h3>
      <div className="spell-cards">
        {view.hand.length === 0 && <span className="muted">no spells in hand</span>}
        {view.hand.map((spell, i) => {
          const refs = acts.pickAny([
            { t: 'play', spell },
            { t: 'recall', give: spell },
          ]);
          return (
            <Act
              key={`${spell}-${i}`}
              refs={refs}
              title={spellName(spell)}
              whyNot={WOULD_BE.cast(spell)}
              className={`spell-card enter spell-${spellId(spell)}`}
            >
              <div className="spell-name">{spellName(spell)}</div>
              <div className="spell-text">{spellText(spell)}</div>
              {spellPromo(spell) && <div className="promo">promo</div>}
            </Act>
          );
        })}
      </div>
    </section>
  );
}

export function TradeRecord({
  view,
  viewer,
  players,
}: {
  view: PView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
}) {
  if (view.screens === 'open') return null;
  const lines = recordLines(view.record);
  const entries = lines.slice(-40).reverse();
  return (
    <section className="record" aria-label="Public trade record">
      <h3>What the table saw pass the screens</h3>
      {entries.length === 0 && <p className="muted">Nothing yet.</p>}
      <ol>
        {entries.map(({ e, qty }, i) => (
          <li key={lines.length - i}>
            {e[1]! >= 0 ? (
              <>
                {/* The record's words are in the third person ("buys"), so not "You buys". */}
                <SeatBadge player={playerOf(players, e[1]!)} />{' '}
                {e[1] === viewer
                  ? `${shortName(playerOf(players, e[1]!))} (you)`
                  : callName(playerOf(players, e[1]!))}{' '}
              </>
            ) : (
              '• '
            )}
            {recordText(e, qty)}
          </li>
        ))}
      </ol>
    </section>
  );
}
