/** A seat's mark: its shape in its colour with its letter inside, usable in HTML and in SVG. */
import type { PlayerInfo, SeatShape } from '../contract.ts';

const POLY: Record<Exclude<SeatShape, 'circle' | 'square'>, string> = {
  triangle: '0,-11 10.5,7.5 -10.5,7.5',
  diamond: '0,-11 11,0 0,11 -11,0',
  pentagon: '0,-10.5 10,-3.2 6.2,8.5 -6.2,8.5 -10,-3.2',
  hexagon: '0,-10.5 9.1,-5.25 9.1,5.25 0,10.5 -9.1,5.25 -9.1,-5.25',
};

/** The shape centred on (0,0), about 22 units across. */
export function SeatShapePath({ shape, fill, stroke }: { shape: SeatShape; fill: string; stroke?: string }) {
  const common = { fill, stroke: stroke ?? '#1b1b1b', strokeWidth: 1.5 };
  if (shape === 'circle') return <circle r={10} {...common} />;
  if (shape === 'square') return <rect x={-9} y={-9} width={18} height={18} rx={2} {...common} />;
  return <polygon points={POLY[shape]} {...common} />;
}

/** The badge drawn inside an SVG at (x, y); `size` is its width in user units. */
export function SeatMark({
  player,
  x = 0,
  y = 0,
  size = 22,
}: {
  player: PlayerInfo;
  x?: number;
  y?: number;
  size?: number;
}) {
  const k = size / 22;
  return (
    <g transform={`translate(${x} ${y}) scale(${k})`} className="seat-mark" aria-hidden="true">
      <SeatShapePath shape={player.shape} fill={player.colour} />
      <text
        y={player.shape === 'triangle' ? 4.5 : 4}
        textAnchor="middle"
        fontSize={11}
        fontWeight={700}
        fill={player.ink}
      >
        {player.letter}
      </text>
    </g>
  );
}

/** Inline badge for HTML text: "[A] Ada". */
export function SeatBadge({ player, withName = false }: { player: PlayerInfo; withName?: boolean }) {
  return (
    <span className="seat-badge" title={`${player.name} (${player.letter})`}>
      <svg viewBox="-12 -12 24 24" width="1.35em" height="1.35em" aria-hidden="true">
        <SeatMark player={player} />
      </svg>
      {withName && <span className="seat-name">{player.name}</span>}
    </span>
  );
}
