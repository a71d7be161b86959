/**
 * The five potions' price tanks: a glass tube per potion filled up to its price, on a scale of the
 * 22 price spaces banded by tank (buy limit and dividend per band). Below each tube: its letter,
 * name, dividend lair (three cubes trigger a payout) and ability token.
 */
import type { ActionIndex } from '../actions.ts';
import { ActG } from '../common/Actionable.tsx';
import { PopG } from '../common/Pop.tsx';
import type { BoardEvent } from '../contract.ts';
import {
  abilityName,
  abilityText,
  LIMIT_BY_SPACE,
  POTION_COUNT,
  POTION_STYLES,
  PRICE_BY_SPACE,
  potionLetter,
  potionName,
  priceMovesThisTurn,
  SPACES,
  shortAbility,
  TANK_OF_SPACE,
  TANKS,
  VOLATILITY,
  volatilityText,
} from './model.ts';
import type { PriceMove } from './model.ts';
import type { ProspectusAction, PView } from './types.ts';
import { WOULD_BE } from './whynot.ts';

const AXIS = 46;
const COL = 68;
const TUBE_W = 40;
const TOP = 44;
const STEP = 17;
const BOTTOM = TOP + SPACES * STEP;
const RIGHT = AXIS + POTION_COUNT * COL;
export const MACHINE_WIDTH = RIGHT + 112;
const FOOT = BOTTOM + 122;

const spaceY = (space: number) => BOTTOM - (space + 0.5) * STEP;
const tubeX = (p: number) => AXIS + p * COL + (COL - TUBE_W) / 2;

/** Which potion-keyed actions a tube carries, and the menu heading for them. */
function tubeActions(acts: ActionIndex<ProspectusAction>, p: number) {
  return acts.where(
    (a) =>
      (a.t === 'tx' && a.potion === p) ||
      (a.t === 'potion' && a.potion === p) ||
      (a.t === 'nudge' && a.potion === p) ||
      (a.t === 'exchange' && a.from === p) ||
      (a.t === 'cubes' && a.a === p),
  );
}

function Tube({
  view,
  p,
  acts,
  move,
}: {
  view: PView;
  p: number;
  acts: ActionIndex<ProspectusAction>;
  move: PriceMove | null;
}) {
  const style = POTION_STYLES[p]!;
  const space = view.priceSpaces[p]!;
  const x = tubeX(p);
  const level = spaceY(space) - STEP / 2;
  const frozen = view.frozen[p]! >= 0;
  const refs = tubeActions(acts, p);
  // The move since the turn began sits above the price tag, or below it near the top of the tube.
  const deltaY = space < SPACES - 4 ? -30 : 14;
  return (
    <ActG refs={refs} title={potionName(p)} whyNot={WOULD_BE.buy(p)} className="tube">
      <rect
        className="hl-glow"
        x={x - 8}
        y={TOP - 30}
        width={TUBE_W + 16}
        height={BOTTOM - TOP + 40}
        rx={14}
      />
      <rect className="hl" x={x - 8} y={TOP - 30} width={TUBE_W + 16} height={BOTTOM - TOP + 40} rx={14} />
      <clipPath id={`tube-clip-${p}`}>
        <rect x={x} y={TOP - 6} width={TUBE_W} height={BOTTOM - TOP + 6} rx={TUBE_W / 2} />
      </clipPath>
      <rect x={x} y={TOP - 6} width={TUBE_W} height={BOTTOM - TOP + 6} rx={TUBE_W / 2} className="glass" />
      <g clipPath={`url(#tube-clip-${p})`}>
        <rect
          className="liquid"
          x={x}
          y={TOP - 6}
          width={TUBE_W}
          height={BOTTOM - TOP + 6}
          fill={style.fill}
          style={{ transform: `translateY(${level - TOP + 6}px)` }}
        />
        {frozen && (
          <rect x={x} y={TOP - 6} width={TUBE_W} height={BOTTOM - TOP + 6} fill="url(#frost)" opacity={0.9} />
        )}
      </g>
      <rect
        x={x}
        y={TOP - 6}
        width={TUBE_W}
        height={BOTTOM - TOP + 6}
        rx={TUBE_W / 2}
        className="glass-edge"
      />
      <g className="price-tag" style={{ transform: `translateY(${level}px)` }}>
        <rect x={x - 6} y={-11} width={TUBE_W + 12} height={22} rx={6} fill="#1f2328" />
        <PopG value={space}>
          <text x={x + TUBE_W / 2} y={5} textAnchor="middle" fill="#fff" fontWeight={700} fontSize={14}>
            ${PRICE_BY_SPACE[space]}
          </text>
        </PopG>
        {move && move.change !== 0 && (
          <g className={`delta ${move.change > 0 ? 'up' : 'down'}`} aria-label={`from $${move.from}`}>
            <rect x={x - 4} y={deltaY} width={TUBE_W + 8} height={16} rx={8} />
            <text x={x + TUBE_W / 2} y={deltaY + 12} textAnchor="middle" fontSize={11} fontWeight={800}>
              {move.change > 0 ? '▲' : '▼'} {Math.abs(move.change)}
            </text>
          </g>
        )}
      </g>
      <text x={x + TUBE_W / 2} y={TOP - 14} textAnchor="middle" fontSize={11} className="limit-note">
        {frozen ? '❄ frozen' : `buy ≤ ${LIMIT_BY_SPACE[space]}`}
      </text>
    </ActG>
  );
}

function Foot({ view, p, acts }: { view: PView; p: number; acts: ActionIndex<ProspectusAction> }) {
  const style = POTION_STYLES[p]!;
  const cx = AXIS + p * COL + COL / 2;
  const [first, ...rest] = potionName(p).split(' ');
  const token = view.abilities[p]!;
  const tokenRefs = acts.pick({ t: 'tokens', a: p });
  const lair = view.dividends[p]!;
  const volatility = VOLATILITY[p]!;
  return (
    <g>
      <rect x={cx - 13} y={BOTTOM + 8} width={26} height={26} rx={5} fill={style.fill} stroke="#1f2328" />
      <text x={cx} y={BOTTOM + 27} textAnchor="middle" fontWeight={800} fontSize={16} fill={style.ink}>
        {potionLetter(p)}
      </text>
      <text x={cx} y={BOTTOM + 48} textAnchor="middle" fontSize={12} fontWeight={600}>
        {first}
      </text>
      <text x={cx} y={BOTTOM + 61} textAnchor="middle" fontSize={12} fontWeight={600}>
        {rest.join(' ')}
      </text>
      {/* The rulebook's figures under each token: ±icons on the future cards, and dividend cards. */}
      <text x={cx} y={BOTTOM + 75} textAnchor="middle" fontSize={10.5} className="volatility">
        <tspan x={cx}>±{volatility.icons}</tspan>
        <tspan x={cx} dy={12}>
          {volatility.dividends} div
        </tspan>
        <title>{`${potionName(p)}: ${volatilityText(p)}`}</title>
      </text>
      <g role="img" aria-label={`${potionName(p)}'s dividend lair: ${lair} of 3 cubes`}>
        {[0, 1, 2].map((i) => (
          <rect
            key={i}
            x={cx - 19 + i * 13}
            y={BOTTOM + 93}
            width={10}
            height={10}
            rx={2}
            fill={i < lair ? style.fill : '#fff'}
            stroke="#1f2328"
            strokeDasharray={i < lair ? undefined : '2 2'}
          />
        ))}
      </g>
      <ActG
        refs={tokenRefs}
        title={`Swap the ${abilityName(token)} token`}
        name={abilityName(token)}
        className="token"
      >
        <title>{`${potionName(p)}'s ability, ${abilityName(token)}: ${abilityText(token)}`}</title>
        <rect className="hl-glow" x={cx - 32} y={BOTTOM + 107} width={64} height={17} rx={8} />
        <rect x={cx - 32} y={BOTTOM + 107} width={64} height={17} rx={8} className="token-chip" />
        <rect className="hl" x={cx - 32} y={BOTTOM + 107} width={64} height={17} rx={8} />
        <text x={cx} y={BOTTOM + 119.5} textAnchor="middle" fontSize={10.5} fontWeight={600}>
          {shortAbility(token)}
        </text>
      </ActG>
    </g>
  );
}

export function PriceMachine({
  view,
  acts,
  events,
}: {
  view: PView;
  acts: ActionIndex<ProspectusAction>;
  events: readonly BoardEvent[];
}) {
  const moves = priceMovesThisTurn(events);
  const bands = TANKS.value.map((tank, t) => {
    const first = TANK_OF_SPACE.indexOf(t);
    const last = first + tank.prices.length - 1;
    return { t, tank, y0: BOTTOM - (last + 1) * STEP, y1: BOTTOM - first * STEP };
  });
  return (
    <svg
      className="price-machine"
      viewBox={`0 0 ${MACHINE_WIDTH} ${FOOT}`}
      role="group"
      aria-label="Potion prices"
    >
      <defs>
        <pattern id="frost" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill="#e8f4ff" opacity="0.55" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#ffffff" strokeWidth="3" />
        </pattern>
      </defs>
      {bands.map(({ t, tank, y0, y1 }) => (
        <g key={t} className="band">
          <rect
            x={AXIS - 4}
            y={y0}
            width={RIGHT - AXIS + 112}
            height={y1 - y0}
            fill={t % 2 ? '#efe6d3' : '#f8f2e6'}
          />
          <line x1={AXIS - 4} x2={RIGHT + 108} y1={y0} y2={y0} stroke="#cbbd9f" />
          <text x={RIGHT + 8} y={(y0 + y1) / 2 - 3} fontSize={12} fontWeight={700}>
            buy ≤ {tank.buyLimit}
          </text>
          <text x={RIGHT + 8} y={(y0 + y1) / 2 + 12} fontSize={12}>
            dividend ${tank.dividend}
          </text>
        </g>
      ))}
      {PRICE_BY_SPACE.map((price, s) => (
        <text key={s} x={AXIS - 8} y={spaceY(s) + 4} textAnchor="end" fontSize={10.5} className="axis">
          {price}
        </text>
      ))}
      <text x={AXIS - 8} y={TOP - 26} textAnchor="end" fontSize={11} className="axis">
        $
      </text>
      <text x={RIGHT + 8} y={BOTTOM + 14} fontSize={11} className="axis">
        &gt;$40 splits
      </text>
      <text x={RIGHT + 8} y={BOTTOM + 28} fontSize={11} className="axis">
        &lt;$10 busts
      </text>
      {Array.from({ length: POTION_COUNT }, (_, p) => (
        <Tube key={p} view={view} p={p} acts={acts} move={moves[p] ?? null} />
      ))}
      {Array.from({ length: POTION_COUNT }, (_, p) => (
        <Foot key={p} view={view} p={p} acts={acts} />
      ))}
      {(view.splits.some((n) => n > 0) || view.busts.some((n) => n > 0)) && (
        <g className="axis">
          <text x={RIGHT + 8} y={BOTTOM + 48} fontSize={11}>
            splits {view.splits.join('/')}
          </text>
          <text x={RIGHT + 8} y={BOTTOM + 62} fontSize={11}>
            busts {view.busts.join('/')}
          </text>
        </g>
      )}
    </svg>
  );
}
