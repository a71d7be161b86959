/**
 * The star map: sector cards (tinted, outlined, numbered), systems by level, Tri-Prime in the
 * centre, and ships as the owner's mark with a count. A fleet under way and an invasion being
 * prepared are drawn as arrows.
 */
import type { ActionIndex } from '../actions.ts';
import { ActG } from '../common/Actionable.tsx';
import { PopG } from '../common/Pop.tsx';
import { SeatMark } from '../common/SeatBadge.tsx';
import type { PlayerInfo, Viewer } from '../contract.ts';
import { nameOf } from '../common/hooks.ts';
import { playerOf } from '../seats.ts';
import {
  capacityOf,
  cellCentre,
  cellEdges,
  HEX,
  hexLabel,
  hexPoints,
  LAYOUTS,
  NEUTRAL,
  NOBODY,
} from './model.ts';
import type { Layout, RecentHex, Space } from './model.ts';
import type { PiAction, PiView } from './types.ts';
import { hexWouldBe } from './whynot.ts';

const SECTOR_TINTS = ['#1f3357', '#283f68', '#1b2d4d', '#2b4470', '#223a61', '#2d466f', '#1d3152', '#26406a'];

/**
 * The region a cell's edges bound: its sector card, Tri-Prime, or the hexes of no sector (which
 * share one region, so that the map draws the outline of each card and nothing between two of them).
 */
function cellKey(view: PiView, layout: Layout, r: number, c: number): string {
  const space = layout.spaceAt[r]![c]!;
  const sector = view.sector[space]!;
  if (sector >= 0) return `s${sector}`;
  return space === layout.triPrime ? 'tri' : 'none';
}

function hexActions(acts: ActionIndex<PiAction>, view: PiView, id: number) {
  return acts.where((a) => {
    switch (a.type) {
      case 'place':
      case 'expand':
      case 'target':
        return a.hex === id;
      case 'move':
        return a.to === id;
      case 'fleet':
      case 'attack':
        return a.from === id;
      case 'score':
        return a.sector === view.sector[id] && view.sector[id]! >= 0;
      default:
        return false;
    }
  });
}

function System({ level, x, y }: { level: number; x: number; y: number }) {
  if (level === 1)
    return (
      <g transform={`translate(${x} ${y - 9})`} className="system">
        <circle r={8} fill="#9ec5e6" stroke="#e8f3ff" strokeWidth={1.2} />
        <text y={3.8} textAnchor="middle" fontSize={10} fontWeight={800} fill="#0d1b2a">
          I
        </text>
      </g>
    );
  if (level === 2)
    return (
      <g transform={`translate(${x} ${y - 9})`} className="system">
        <ellipse rx={16} ry={4.5} fill="none" stroke="#f0d98c" strokeWidth={1.6} transform="rotate(-18)" />
        <circle r={10.5} fill="#f0c36d" stroke="#fff3cf" strokeWidth={1.2} />
        <text y={4} textAnchor="middle" fontSize={10.5} fontWeight={800} fill="#3a2500">
          II
        </text>
      </g>
    );
  return null;
}

function TriPrime({ x, y }: { x: number; y: number }) {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const r1 = 20;
    const r2 = i % 2 ? 27 : 33;
    return `M ${x + r1 * Math.cos(a)} ${y - 12 + r1 * Math.sin(a)} L ${x + r2 * Math.cos(a)} ${y - 12 + r2 * Math.sin(a)}`;
  }).join(' ');
  return (
    <g className="tri-prime">
      <path d={rays} stroke="#ffe9a8" strokeWidth={2.5} strokeLinecap="round" />
      <circle cx={x} cy={y - 12} r={18} fill="url(#tri-glow)" stroke="#fff6d8" strokeWidth={1.5} />
      <text x={x} y={y - 8} textAnchor="middle" fontSize={11} fontWeight={900} fill="#4a2a00">
        III
      </text>
      <text
        x={x}
        y={y + 30}
        textAnchor="middle"
        fontSize={10}
        fontWeight={800}
        fill="#ffe9a8"
        letterSpacing={1.5}
      >
        TRI-PRIME
      </text>
    </g>
  );
}

function Ships({
  owner,
  count,
  x,
  y,
  players,
}: {
  owner: number;
  count: number;
  x: number;
  y: number;
  players: readonly PlayerInfo[];
}) {
  if (owner === NOBODY || count <= 0) return null;
  const neutral = owner === NEUTRAL;
  // The pop animates a CSS transform, so it sits inside the positioned group, never on it.
  return (
    <g transform={`translate(${x} ${y + 13})`}>
      <PopG value={`${owner}-${count}`}>
        <rect
          x={-19}
          y={-10}
          width={38}
          height={20}
          rx={10}
          fill={neutral ? '#9aa0a6' : '#f4f1ea'}
          stroke="#0d1b2a"
          strokeWidth={1.2}
        />
        {neutral ? (
          <g transform="translate(-9 0)">
            <circle r={8} fill="#5f6368" stroke="#1b1b1b" />
            <text y={3.5} textAnchor="middle" fontSize={9} fontWeight={800} fill="#fff">
              N
            </text>
          </g>
        ) : (
          <SeatMark player={playerOf(players, owner)} x={-9} size={17} />
        )}
        <text x={8} y={4.5} textAnchor="middle" fontSize={13} fontWeight={800} fill="#0d1b2a">
          {count}
        </text>
      </PopG>
    </g>
  );
}

function SpaceCell({
  space,
  view,
  viewer,
  layout,
  acts,
  players,
}: {
  space: Space;
  view: PiView;
  viewer: Viewer;
  layout: Layout;
  acts: ActionIndex<PiAction>;
  players: readonly PlayerInfo[];
}) {
  const refs = hexActions(acts, view, space.id);
  const tri = space.id === layout.triPrime;
  const sector = view.sector[space.id]!;
  const level = tri ? 3 : view.level[space.id]!;
  const owner = view.owner[space.id]!;
  const label = hexLabel(
    space.id,
    level,
    sector,
    owner === NOBODY
      ? null
      : owner === NEUTRAL
        ? 'neutral'
        : owner === viewer
          ? 'you'
          : nameOf(players, owner, viewer),
    view.ships[space.id]!,
  );
  const fill = tri ? '#3b3056' : sector >= 0 ? SECTOR_TINTS[sector % SECTOR_TINTS.length]! : '#14233b';
  const chosen = sector >= 0 && view.chosen.includes(sector);
  // Scoring is offered on the sector's number; the hexes take the click too, outlined on hover only.
  const quiet = refs.length > 0 && refs.every((r) => r.action.type === 'score');
  return (
    <ActG
      refs={refs}
      title={`Hex #${space.id}`}
      name={label}
      quiet={quiet}
      whyNot={hexWouldBe(view, space.id)}
      className={`space ${chosen ? 'chosen' : ''}`}
      data-hex={space.id}
      // An inert hex is a picture with a name; a hex with actions is a button named the same way.
      role="img"
      aria-label={label}
    >
      {space.cells.map(([r, c]) => {
        const [x, y] = cellCentre(r, c);
        return <polygon key={`${r}-${c}`} points={hexPoints(x, y, HEX - 0.5)} fill={fill} className="hex" />;
      })}
      {space.cells.map(([r, c]) => {
        const [x, y] = cellCentre(r, c);
        return <polygon key={`g${r}-${c}`} points={hexPoints(x, y, HEX - 4)} className="hl-glow" />;
      })}
      {space.cells.map(([r, c]) => {
        const [x, y] = cellCentre(r, c);
        return <polygon key={`h${r}-${c}`} points={hexPoints(x, y, HEX - 4)} className="hl" />;
      })}
      {tri ? (
        <TriPrime x={space.x} y={space.y} />
      ) : (
        <System level={view.level[space.id]!} x={space.x} y={space.y} />
      )}
      <text
        x={space.x - (tri ? 0 : 22)}
        y={space.y + (tri ? 44 : -15)}
        textAnchor="middle"
        fontSize={8.5}
        className="hex-id"
        aria-hidden="true"
      >
        {space.id}
      </text>
      {/* How many ships the hex keeps at the end of the round (sustain). */}
      <text
        x={space.x + (tri ? 0 : -22)}
        y={space.y + (tri ? 56 : -4)}
        textAnchor="middle"
        fontSize={8.5}
        className="hex-cap"
        aria-hidden="true"
      >
        ≤{capacityOf(level)}
      </text>
      <Ships
        owner={view.owner[space.id]!}
        count={view.ships[space.id]!}
        x={space.x}
        y={tri ? space.y + 2 : space.y}
        players={players}
      />
    </ActG>
  );
}

function Boundaries({ view, layout }: { view: PiView; layout: Layout }) {
  const segments: string[] = [];
  layout.rowLengths.forEach((n, r) => {
    for (let c = 0; c < n; c++) {
      const key = cellKey(view, layout, r, c);
      const [x, y] = cellCentre(r, c);
      const corners = hexPoints(x, y).split(' ');
      for (const { i, across } of cellEdges(layout, r, c)) {
        if (across && cellKey(view, layout, across[0], across[1]) === key) continue;
        segments.push(`M ${corners[i]} L ${corners[(i + 1) % 6]}`);
      }
    }
  });
  return <path d={segments.join(' ')} className="sector-lines" />;
}

function SectorLabels({ view, layout, acts }: { view: PiView; layout: Layout; acts: ActionIndex<PiAction> }) {
  const sectors = new Map<number, Space[]>();
  for (const s of layout.spaces) {
    const sector = view.sector[s.id]!;
    if (sector >= 0) sectors.set(sector, [...(sectors.get(sector) ?? []), s]);
  }
  return (
    <g className="sector-labels">
      {[...sectors].map(([sector, spaces]) => {
        // The number sits where a system would, on the sector's most central hex without one.
        const cx0 = spaces.reduce((t, s) => t + s.x, 0) / spaces.length;
        const cy0 = spaces.reduce((t, s) => t + s.y, 0) / spaces.length;
        const free = spaces.filter((s) => view.level[s.id] === 0);
        const spot = (free.length ? free : spaces).reduce((best, s) =>
          Math.hypot(s.x - cx0, s.y - cy0) < Math.hypot(best.x - cx0, best.y - cy0) ? s : best,
        );
        const cx = spot.x;
        const cy = spot.y - 9;
        const chosen = view.chosen.includes(sector);
        return (
          <ActG key={sector} refs={acts.pick({ type: 'score', sector })} title={`Score sector ${sector}`}>
            <circle cx={cx} cy={cy} r={13} className="hl-glow" />
            <circle cx={cx} cy={cy} r={11} className={`sector-tag ${chosen ? 'chosen' : ''}`} />
            <circle cx={cx} cy={cy} r={13} className="hl" />
            <text x={cx} y={cy + 4} textAnchor="middle" fontSize={11} fontWeight={800} className="sector-num">
              {chosen ? '✓' : sector}
            </text>
          </ActG>
        );
      })}
    </g>
  );
}

function Movement({
  view,
  layout,
  players,
}: {
  view: PiView;
  layout: Layout;
  players: readonly PlayerInfo[];
}) {
  const at = (id: number) => layout.spaces[id]!;
  const mover = view.actor === null ? null : playerOf(players, view.actor);
  const colour = mover?.colour ?? '#fff';
  return (
    <g className="movement">
      {view.fleet && view.fleet.from !== view.fleet.at && (
        <line
          x1={at(view.fleet.from).x}
          y1={at(view.fleet.from).y}
          x2={at(view.fleet.at).x}
          y2={at(view.fleet.at).y}
          stroke={colour}
          strokeWidth={4}
          strokeDasharray="8 5"
          markerEnd="url(#arrow)"
        />
      )}
      {view.fleet && (
        <g transform={`translate(${at(view.fleet.at).x} ${at(view.fleet.at).y - 34})`}>
          <rect x={-32} y={-10} width={64} height={18} rx={9} fill="#fff" stroke={colour} strokeWidth={2} />
          <text y={3.5} textAnchor="middle" fontSize={10.5} fontWeight={800} fill="#0d1b2a">
            fleet of {view.fleet.ships}
          </text>
        </g>
      )}
      {view.attack && (
        <>
          {view.attack.sources.map((src) => (
            <line
              key={src}
              x1={at(src).x}
              y1={at(src).y}
              x2={at(view.attack!.target).x}
              y2={at(view.attack!.target).y}
              stroke={colour}
              strokeWidth={4}
              markerEnd="url(#arrow)"
            />
          ))}
          <g
            transform={`translate(${at(view.attack.target).x} ${at(view.attack.target).y})`}
            className="target"
          >
            <circle r={24} fill="none" stroke="#ff4d4d" strokeWidth={3} strokeDasharray="6 4" />
            <path d="M -30 0 H -18 M 18 0 H 30 M 0 -30 V -18 M 0 18 V 30" stroke="#ff4d4d" strokeWidth={3} />
            <rect
              x={-38}
              y={-44}
              width={76}
              height={18}
              rx={9}
              fill="#fff"
              stroke="#ff4d4d"
              strokeWidth={2}
            />
            <text y={-31.5} textAnchor="middle" fontSize={10.5} fontWeight={800} fill="#0d1b2a">
              {view.attack.ships} attacking
            </text>
          </g>
        </>
      )}
    </g>
  );
}

function Recent({
  layout,
  recent,
  players,
}: {
  layout: Layout;
  recent: readonly RecentHex[];
  players: readonly PlayerInfo[];
}) {
  return (
    <g className="recent" aria-hidden="true">
      {recent.map(({ hex, seat }) => {
        const space = layout.spaces[hex];
        if (!space) return null;
        const colour = seat === null ? '#ffffff' : playerOf(players, seat).colour;
        if (space.cells.length > 1)
          return (
            <circle
              key={hex}
              cx={space.x}
              cy={space.y}
              r={HEX * 1.3}
              stroke={colour}
              className="recent-ring"
            />
          );
        const [x, y] = cellCentre(space.cells[0]![0], space.cells[0]![1]);
        return (
          <polygon key={hex} points={hexPoints(x, y, HEX - 6)} stroke={colour} className="recent-ring" />
        );
      })}
    </g>
  );
}

export function HexMap({
  view,
  viewer,
  acts,
  players,
  recent,
}: {
  view: PiView;
  viewer: Viewer;
  acts: ActionIndex<PiAction>;
  players: readonly PlayerInfo[];
  /** Where something just happened (from the recent events). */
  recent: readonly RecentHex[];
}) {
  const layout = LAYOUTS[view.layout];
  return (
    <svg
      className="hex-map"
      viewBox={`0 0 ${layout.width.toFixed(0)} ${layout.height.toFixed(0)}`}
      role="group"
      aria-label="Star map"
    >
      <defs>
        <radialGradient id="tri-glow">
          <stop offset="0%" stopColor="#fffbe6" />
          <stop offset="100%" stopColor="#ffc94d" />
        </radialGradient>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="8"
          refY="5"
          markerWidth="5"
          markerHeight="5"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="#fff" stroke="#0d1b2a" />
        </marker>
      </defs>
      <rect width="100%" height="100%" fill="#0b1422" rx={12} />
      {layout.spaces.map((space) => (
        <SpaceCell
          key={space.id}
          space={space}
          view={view}
          viewer={viewer}
          layout={layout}
          acts={acts}
          players={players}
        />
      ))}
      <Boundaries view={view} layout={layout} />
      <Recent layout={layout} recent={recent} players={players} />
      <SectorLabels view={view} layout={layout} acts={acts} />
      <Movement view={view} layout={layout} players={players} />
    </svg>
  );
}
