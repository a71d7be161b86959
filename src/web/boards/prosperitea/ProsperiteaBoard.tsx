/**
 * The Prosperitea board: the four ingredient decks, the Standard and Premium order markets, the
 * Evergreen orders, the order being filled, and every player's shop (ingredients, money, Favor
 * tokens, displayed orders, score).
 */
import type { ReactNode } from 'react';
import type { ActionIndex } from '../actions.ts';
import { Act, ActButton, ActionScope } from '../common/Actionable.tsx';
import { Pop } from '../common/Pop.tsx';
import { Explain, Legend } from '../common/Explain.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import { clockwiseFrom, TurnOrder } from '../common/TurnOrder.tsx';
import { nameOf, useActionIndex, winPhrase } from '../common/hooks.ts';
import type { BoardProps, PlayerInfo, Viewer } from '../contract.ts';
import { callName, playerOf, shortName } from '../seats.ts';
import { Ingredient, LineChip, OrderCard, TypeGlyph } from './Cards.tsx';
import {
  BUDGETS,
  displayedPrestige,
  EVERGREENS,
  KINDS,
  kindName,
  kindType,
  ORDER_CARDS,
  PHASE_TEXT,
  SCORING,
  TYPE_STYLES,
  typeName,
  TYPES,
} from './model.ts';
import type { ProsperiteaAction, TView } from './types.ts';
import { WOULD_BE } from './whynot.ts';
import './prosperitea.css';

type Acts = ActionIndex<ProsperiteaAction>;
const STANDARD_SLOTS = 6;

function Status({ view, viewer, players }: { view: TView; viewer: Viewer; players: readonly PlayerInfo[] }) {
  const round = view.round === 0 ? 'Setup' : `Round ${view.round}${view.finalRound ? ' — final round' : ''}`;
  if (view.phase === 'over') {
    const best = Math.max(...view.scores);
    const winners = view.scores.flatMap((s, seat) => (s === best ? [seat] : []));
    return (
      <div className="status over">
        <strong>Game over.</strong> {winPhrase(players, winners, viewer)} with a score of {best}
        {winners.length > 1 && (
          <span className="muted"> (ties break on displayed prestige, then Favor tokens)</span>
        )}
      </div>
    );
  }
  const actors = view.actors;
  const mine = typeof viewer === 'number' && actors.includes(viewer);
  const waitingFor = actors.filter((s) => s !== viewer).map((s) => nameOf(players, s, viewer));
  return (
    <div className={`status ${mine ? 'mine' : ''}`}>
      <span className="round">{round}</span>
      <SeatBadge player={playerOf(players, view.current)} />
      <span>
        {mine ? <strong>Your move:</strong> : <strong>Waiting for {waitingFor.join(', ')}</strong>}
        {mine ? ' ' : ' to '}
        {PHASE_TEXT[view.phase] ?? view.phase}
        {view.phase === 'request' && ` from ${nameOf(players, view.current, viewer)}`}
      </span>
    </div>
  );
}

/** Who starts every round (prosperitea.setup.first-player), and play passing left. */
function firstNote(view: TView, players: readonly PlayerInfo[], viewer: Viewer): string {
  const first = view.first === viewer ? 'you' : nameOf(players, view.first, viewer);
  if (view.phase === 'draft') return `starting ingredients are chosen in this order, ${first} first`;
  return `${first} ${view.first === viewer ? 'start' : 'starts'} every round; play passes left`;
}

function Decks({ view, acts }: { view: TView; acts: Acts }) {
  return (
    <section className="decks panel-box" aria-label="Ingredient decks">
      <h3>Ingredient decks</h3>
      <div className="deck-row">
        {view.decks.map((deck, t) => {
          const style = TYPE_STYLES[t]!;
          const draft = acts.pick({ type: 'draft', deck: t });
          return (
            <div key={t} className="deck" style={{ borderTopColor: style.fill }}>
              <div className="deck-head">
                <TypeGlyph type={t} /> <b>{typeName(t)}</b>
              </div>
              {deck.top === null ? (
                <div className="deck-top empty">empty</div>
              ) : (
                <Act
                  refs={draft}
                  title={`Take ${kindName(deck.top)}`}
                  whyNot={WOULD_BE.draft(t)}
                  className="deck-top"
                >
                  <Ingredient key={`${deck.top}-${deck.size}`} kind={deck.top} />
                </Act>
              )}
              <div className="deck-count muted">
                {deck.size} in deck{deck.discardSize > 0 && ` · ${deck.discardSize} discarded`}
              </div>
              <div className="budgets">
                {BUDGETS.value.map((b) => (
                  <Act
                    key={b.money}
                    as="span"
                    refs={acts.pick({ type: 'source', deck: t, budget: b.money })}
                    title={`Budget ${b.money}`}
                    whyNot={WOULD_BE.source(t, b.money)}
                    className="budget"
                  >
                    ${b.money} → {b.cards} card{b.cards > 1 ? 's' : ''}
                  </Act>
                ))}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function Market({ view, acts }: { view: TView; acts: Acts }) {
  const slot = (s: number) => {
    const id = view.market[s];
    if (id === null || id === undefined)
      return (
        <div key={s} className="order-card empty">
          empty
        </div>
      );
    const advertise = acts.pick({ type: 'advertise', slot: s });
    const target = view.pending?.target;
    const pending = target?.kind === 'market' && target.slot === s;
    return (
      <OrderCard
        key={`${s}-${id}`}
        card={ORDER_CARDS[id]!}
        tier={s < STANDARD_SLOTS ? 'standard' : 'premium'}
        refs={acts.pick({ type: 'fill', slot: s })}
        whyNot={WOULD_BE.fill(s)}
        className={`enter ${pending ? 'pending' : ''} ${view.claimed === id ? 'claimed' : ''}`}
        footer={
          advertise.length > 0 && (
            <Act as="span" refs={advertise} title="Advertise" className="advertise">
              advertise away (+$2)
            </Act>
          )
        }
      />
    );
  };
  return (
    <section className="market panel-box" aria-label="Order market">
      <div className="market-head">
        <h3>Standard orders</h3>
        <span className="muted">{view.orderDeckSizes[0]} left in the deck</span>
      </div>
      <div className="order-grid">{[0, 1, 2, 3, 4, 5].map(slot)}</div>
      <div className="market-head">
        <h3>Premium orders</h3>
        <span className="muted">{view.orderDeckSizes[1]} left in the deck</span>
      </div>
      <div className="order-grid">{[6, 7, 8].map(slot)}</div>
    </section>
  );
}

function Evergreens({ acts }: { acts: Acts }) {
  return (
    <section className="evergreens panel-box" aria-label="Evergreen orders">
      <h3>Evergreen orders</h3>
      <div className="evergreen-row">
        {EVERGREENS.map((card, recipe) => (
          <OrderCard
            key={recipe}
            card={card}
            tier="evergreen"
            refs={acts.pick({ type: 'evergreen', recipe })}
            whyNot={WOULD_BE.evergreen(recipe)}
          />
        ))}
      </div>
      <p className="muted small">Always open, never used up; money only.</p>
    </section>
  );
}

/** A choice for the current line, with the other player's name rather than a seat number. */
function sourceText(action: ProsperiteaAction, players: readonly PlayerInfo[], viewer: Viewer): string {
  if (action.type === 'supply') return `Use your ${kindName(action.kind)}`;
  if (action.type === 'ask')
    return `Ask ${nameOf(players, action.seat, viewer)} for ${kindName(action.kind)}`;
  return 'Spend a Favor token';
}

const ANSWER_TEXT: Readonly<Record<string, string>> = {
  none: '… waiting',
  accepted: '✓ accepted',
  declined: '✕ declined',
};

function Asked({
  seat,
  kind,
  answer,
  players,
  viewer,
}: {
  seat: number;
  kind: number;
  answer: string;
  players: readonly PlayerInfo[];
  viewer: Viewer;
}) {
  return (
    <span>
      asked of <SeatBadge player={playerOf(players, seat)} /> {nameOf(players, seat, viewer)}:{' '}
      {kindName(kind)} <b className={`answer ${answer}`}>{ANSWER_TEXT[answer] ?? answer}</b>
    </span>
  );
}

/**
 * The order being filled. Its filler sees the order and each line's source; everyone else sees only
 * that an order is being filled and the requests sent (the order is the filler's secret until filled).
 */
function Pending({
  view,
  viewer,
  players,
  acts,
}: {
  view: TView;
  viewer: Viewer;
  players: readonly PlayerInfo[];
  acts: Acts;
}) {
  const pending = view.pending;
  if (!pending) return null;
  // The same choices as the highlighted cards in the shops, here where the line is.
  const sources = acts.where((a) => a.type === 'supply' || a.type === 'favor' || a.type === 'ask');
  const filler = nameOf(players, view.current, viewer);
  const target = pending.target;
  if (!target || !pending.sources)
    return (
      <section className="pending panel-box" aria-label="Order being filled">
        <h3>
          {filler} {view.current === viewer ? 'are' : 'is'} filling an order{' '}
          <span className="muted">(which one stays secret until it is filled)</span>
        </h3>
        {pending.requests.length > 0 && (
          <ul className="pending-lines">
            {pending.requests.map((r, i) => (
              <li key={i}>
                <Asked seat={r.seat} kind={r.kind} answer={r.answer} players={players} viewer={viewer} />
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  const lines = pending.sources;
  const card = target.kind === 'market' ? ORDER_CARDS[target.order]! : EVERGREENS[target.recipe]!;
  // Lines are assigned first open line first.
  const next = view.phase === 'assign' ? lines.indexOf(null) : -1;
  return (
    <section className="pending panel-box" aria-label="Order being filled">
      <h3>
        {filler} {view.current === viewer ? 'are' : 'is'} filling <em>{card.def.name}</em>
      </h3>
      <ol className="pending-lines">
        {card.lines.map((line, i) => {
          const source = lines[i] ?? null;
          let state: ReactNode;
          if (!source)
            state = i === next ? <b className="choose">← choose a card</b> : <span className="muted">…</span>;
          else if (source.from === 'own')
            state = <span>✓ {view.current === viewer ? 'your' : `${filler}’s`} card</span>;
          else if (source.from === 'favor') state = <span>✓ a Favor token ◆</span>;
          else
            state = (
              <Asked
                seat={source.seat}
                kind={source.kind}
                answer={source.answer}
                players={players}
                viewer={viewer}
              />
            );
          return (
            <li key={i} className={i === next ? 'current' : ''}>
              <LineChip line={line} /> {state}
            </li>
          );
        })}
      </ol>
      {sources.length > 0 && (
        <div className="source-choices">
          {sources.map((ref) => (
            <ActButton key={ref.index} refs={[ref]} className="secondary">
              {sourceText(ref.action, players, viewer)}
            </ActButton>
          ))}
        </div>
      )}
    </section>
  );
}

function Shop({
  view,
  seat,
  viewer,
  players,
  acts,
}: {
  view: TView;
  seat: number;
  viewer: Viewer;
  players: readonly PlayerInfo[];
  acts: Acts;
}) {
  const shop = view.shops[seat]!;
  const player = playerOf(players, seat);
  const mine = seat === viewer;
  const acting = view.phase !== 'over' && view.actors.includes(seat);
  const kinds = Array.from({ length: KINDS }, (_, k) => k).filter((k) => shop.ingredients[k]! > 0);
  const byType = Array.from({ length: TYPES }, (_, t) => kinds.filter((k) => kindType(k) === t));
  const favorRefs = mine ? acts.pick({ type: 'favor' }) : [];
  const prestige = displayedPrestige(shop.displayed);
  return (
    <article
      className={`shop ${mine ? 'mine' : ''} ${acting ? 'acting' : ''}`}
      style={{ borderColor: acting ? player.colour : undefined }}
      aria-label={mine ? 'Your shop' : `${callName(player)}'s shop`}
    >
      <header>
        <SeatBadge player={player} withName />
        {mine && <span className="tag">you</span>}
        {/* A bot's name already says so ("Basil · Casual bot"). */}
        {player.bot && shortName(player) === player.name && <span className="tag">bot</span>}
        {seat === view.first && (
          <span className="tag" title="first player">
            1st
          </span>
        )}
        {view.current === seat && view.phase !== 'over' && <span className="tag turn">turn</span>}
        {view.declined.includes(seat) && <span className="tag">declined</span>}
        {view.phase === 'draft' && view.draftLeft[seat]! > 0 && (
          <span className="tag">{view.draftLeft[seat]} to choose</span>
        )}
      </header>
      <div className="shop-stats">
        <span title="money">
          <Pop value={shop.money} as="b">
            ${shop.money}
          </Pop>
        </span>
        <Act
          as="span"
          refs={favorRefs}
          title="Spend a Favor token"
          whyNot={mine ? WOULD_BE.favor() : undefined}
          className="favors"
        >
          <span title="Favor tokens">◆ {shop.favors}</span>
        </Act>
        <span title="prestige on display">★ {prestige}</span>
        <Explain className="score" text={scoreText(shop, prestige, view.scores[seat]!)}>
          score{' '}
          <Pop value={view.scores[seat]} as="b">
            {view.scores[seat]}
          </Pop>
        </Explain>
      </div>
      <div className="shop-ingredients">
        {kinds.length === 0 && <span className="muted">no ingredients</span>}
        {byType.map((ks, t) =>
          ks.length ? (
            <div key={t} className="type-group">
              {ks.map((k) => (
                <Ingredient
                  key={k}
                  kind={k}
                  count={shop.ingredients[k]}
                  refs={
                    mine ? acts.pick({ type: 'supply', kind: k }) : acts.pick({ type: 'ask', seat, kind: k })
                  }
                  title={mine ? `Use your ${kindName(k)}` : `Ask ${callName(player)} for ${kindName(k)}`}
                  whyNot={
                    mine ? WOULD_BE.supply(k) : viewer === 'spectator' ? undefined : WOULD_BE.ask(seat, k)
                  }
                />
              ))}
            </div>
          ) : null,
        )}
      </div>
      {shop.displayed.length > 0 && (
        <div className="displayed">
          {shop.displayed.map((id, i) => (
            <span
              key={i}
              className="displayed-order"
              title={ORDER_CARDS[id]!.lines.map((l) =>
                l.kind >= 0 ? kindName(l.kind) : `any ${typeName(l.type)}`,
              ).join(', ')}
            >
              {ORDER_CARDS[id]!.def.name} <b>{ORDER_CARDS[id]!.def.prestige}★</b>
            </span>
          ))}
        </div>
      )}
    </article>
  );
}

/** A shop's score in words that add up (prosperitea.end.score). */
function scoreText(shop: TView['shops'][number], prestige: number, score: number): string {
  const { perFavor, moneyPerPrestige } = SCORING.value;
  const fromMoney = Math.floor(shop.money / moneyPerPrestige);
  return (
    `Score: ${prestige} prestige on display + ${shop.favors * perFavor} for ${shop.favors} Favor ` +
    `token${shop.favors === 1 ? '' : 's'} + ${fromMoney} for $${shop.money} (1 per $${moneyPerPrestige}) = ${score}.`
  );
}

/** What the marks of this board mean, for a phone as for a mouse. */
function ProsperiteaLegend() {
  const { perFavor, moneyPerPrestige } = SCORING.value;
  return (
    <Legend
      entries={[
        {
          mark: (
            <>
              {Array.from({ length: TYPES }, (_, t) => (
                <TypeGlyph key={t} type={t} />
              ))}
            </>
          ),
          text: `Ingredient types: ${Array.from({ length: TYPES }, (_, t) => typeName(t)).join(', ')}.`,
        },
        {
          mark: '● ●● ●●●',
          text: 'An ingredient’s rarity: common, uncommon, rare. Rarer ingredients make an order pay more.',
        },
        {
          mark: '$3 → 3 cards',
          text: 'A budget: pay it to the bank to take that many cards from the top of that deck.',
        },
        {
          mark: '$5  4★',
          text: 'An order’s payouts once filled: sell it for money, or display it for prestige.',
        },
        {
          mark: '◆',
          text: 'Favor tokens: one covers a line of an order; each left at the end scores a point.',
        },
        { mark: '★', text: 'Prestige on display in a shop.' },
        {
          mark: 'score',
          text: `Prestige on display + ${perFavor} per Favor token + 1 per $${moneyPerPrestige}. Press a shop’s score for its sum.`,
        },
        { mark: '1st', text: 'The first player: every round starts with them, then play passes left.' },
      ]}
    />
  );
}

function Prompt({ view, acts }: { view: TView; acts: Acts }) {
  if (!acts.active) return null;
  const claimed = view.claimed === null ? null : ORDER_CARDS[view.claimed]!;
  return (
    <div className="prompt">
      {claimed && (
        <span>
          <b>{claimed.def.name}</b> is filled:
        </span>
      )}
      <ActButton refs={acts.pick({ type: 'sell' })} />
      <ActButton refs={acts.pick({ type: 'display' })} />
      <ActButton refs={acts.pick({ type: 'accept' })} />
      <ActButton refs={acts.pick({ type: 'decline' })} className="secondary" />
      <ActButton refs={acts.pick({ type: 'abandon' })} className="secondary" />
      <ActButton refs={acts.pick({ type: 'advertise', slot: null })} />
      <ActButton refs={acts.pick({ type: 'end' })} className="secondary" />
      {view.phase === 'assign' && (
        <span className="muted">
          Click one of your cards, a Favor token, or a card in another shop to ask for it.
        </span>
      )}
    </div>
  );
}

export default function ProsperiteaBoard(props: BoardProps<TView, ProsperiteaAction>) {
  const { view, viewer, players, onAction } = props;
  const acts = useActionIndex(props);
  const seats = Array.from({ length: view.players }, (_, s) => s);
  return (
    <ActionScope onAction={onAction as (a: unknown) => void}>
      <div className="prosperitea-board">
        <Status view={view} viewer={viewer} players={players} />
        {view.phase !== 'over' && (
          <TurnOrder
            players={players}
            viewer={viewer}
            order={clockwiseFrom(view.first, view.players)}
            now={view.phase === 'draft' ? (view.actors[0] ?? null) : view.current}
            note={firstNote(view, players, viewer)}
          />
        )}
        <Prompt view={view} acts={acts} />
        <Pending view={view} viewer={viewer} players={players} acts={acts} />
        <div className="tea-main">
          <div className="tea-left">
            <Decks view={view} acts={acts} />
            <Market view={view} acts={acts} />
            <Evergreens acts={acts} />
          </div>
          <section className="shops" aria-label="Shops">
            <div className="reserve" aria-label={`${view.favorReserve} Favor tokens in reserve`}>
              <span>Favor tokens in reserve</span>
              <span className="reserve-tokens">
                {view.favorReserve > 0 ? (
                  '◆'.repeat(view.favorReserve)
                ) : (
                  <span className="muted">none left</span>
                )}
              </span>
            </div>
            {seats.map((seat) => (
              <Shop key={seat} view={view} seat={seat} viewer={viewer} players={players} acts={acts} />
            ))}
          </section>
        </div>
        <ProsperiteaLegend />
      </div>
    </ActionScope>
  );
}
