/**
 * The future track: up to five cards, the right-most executed next. Each shows its two council
 * demands (open, filled or blocked), what it drops into the crystal ball and which way each potion
 * moves, and whose dividend it advances. The council price of each space is printed above it.
 */
import type { CSSProperties } from 'react';
import type { ActionIndex } from '../actions.ts';
import { Act } from '../common/Actionable.tsx';
import { COUNCIL_PRICES, DEMAND, FUTURE_CARDS, POTION_STYLES, potionLetter, potionName } from './model.ts';
import type { ProspectusAction, PView } from './types.ts';

export function PotionChip({ p, size = 'm', title }: { p: number; size?: 's' | 'm' | 'l'; title?: string }) {
  const style = POTION_STYLES[p]!;
  return (
    <span
      className={`potion-chip chip-${size}`}
      style={{ background: style.fill, color: style.ink }}
      title={title ?? potionName(p)}
    >
      {potionLetter(p)}
    </span>
  );
}

function Demand({
  space,
  j,
  potion,
  state,
  acts,
}: {
  space: number;
  j: number;
  potion: number;
  state: number;
  acts: ActionIndex<ProspectusAction>;
}) {
  const refs = acts.pickAny([
    { t: 'council', space, demand: j },
    { t: 'demand', space, demand: j },
  ]);
  const what = state === DEMAND.FILLED ? 'filled' : state === DEMAND.BLOCKED ? 'blocked' : 'open';
  return (
    <Act
      refs={refs}
      title={`${potionName(potion)} demand`}
      className={`demand demand-${what}`}
      style={{ '--potion': POTION_STYLES[potion]!.fill } as CSSProperties}
    >
      <PotionChip p={potion} size="s" />
      <span className="demand-state">
        {what === 'filled' ? '■ sold' : what === 'blocked' ? '✕ blocked' : '□ open'}
      </span>
    </Act>
  );
}

/** A card's market effect: per potion, the cubes it drops and the way its arrow points. */
export function FutureCardFace({ card, acts }: { card: number; acts?: ActionIndex<ProspectusAction> }) {
  const c = FUTURE_CARDS[card];
  if (!c) return null;
  return (
    <div className="card-effects">
      {c.icons.map((n, p) => (
        <Act
          key={p}
          refs={acts ? acts.pick({ t: 'change', from: p }) : []}
          title={`Change a ${potionName(p)} cube`}
          className={`effect ${n === 0 ? 'none' : ''}`}
        >
          <PotionChip
            p={p}
            size="s"
            title={`${potionName(p)}: ${n} cube${n === 1 ? '' : 's'}, arrow ${c.arrows[p]! > 0 ? 'up' : 'down'}`}
          />
          <span className={`arrow ${c.arrows[p]! > 0 ? 'up' : 'down'}`}>{c.arrows[p]! > 0 ? '▲' : '▼'}</span>
          <span className="cubes">{n > 0 ? '■'.repeat(n) : '·'}</span>
        </Act>
      ))}
      <div className="dividend-line">
        dividend <PotionChip p={c.dividend} size="s" />
      </div>
    </div>
  );
}

export function FutureTrack({ view, acts }: { view: PView; acts: ActionIndex<ProspectusAction> }) {
  const last = view.track.length - 1;
  return (
    <section className="future-track" aria-label="Future track">
      <header>
        <h3>Future track</h3>
        <span className="muted">
          deck {view.futureDeckSize} · discards {view.futureDiscard.length}
          {view.knownFuture.length > 0 &&
            ` · you know the next: ${view.knownFuture.map((c) => `#${c}`).join(', ')}`}
        </span>
      </header>
      <div className="track-cards">
        {view.track.map((t) => {
          const current = t.space === last;
          // Executed cards stay on the track until the turn ends (two with Hourglass).
          const executed = view.phase !== 'over' && t.space > last - view.executed;
          const next = current && view.executed === 0 && view.phase !== 'over';
          const cardRefs = acts.pick({ t: 'space', space: t.space });
          return (
            <div
              key={t.space}
              className={`track-space ${next ? 'current' : ''} ${executed ? 'executed' : ''}`}
            >
              <div className="council-price">
                ${COUNCIL_PRICES.value[t.space]}
                {next && <span className="now"> · next to execute</span>}
                {executed && <span className="done"> · executed</span>}
              </div>
              {t.card < 0 ? (
                <div className="future-card empty">empty</div>
              ) : (
                <Act key={t.card} refs={cardRefs} title="Move this card" className="future-card enter">
                  <div className="card-id">#{t.card}</div>
                  <div className="demands">
                    {t.demands.map((d, j) => (
                      <Demand key={j} space={t.space} j={j} potion={d.potion} state={d.state} acts={acts} />
                    ))}
                  </div>
                  <FutureCardFace card={t.card} acts={current ? acts : undefined} />
                </Act>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
