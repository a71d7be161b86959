/**
 * The crystal ball (cubes stuck inside, the last drop in and out, cubes to draft or re-drop) and
 * the council chamber (cubes sold to the council, plus the secret tributes as counts).
 */
import type { ActionIndex } from '../actions.ts';
import { Act, ActG } from '../common/Actionable.tsx';
import { SeatBadge } from '../common/SeatBadge.tsx';
import type { PlayerInfo } from '../contract.ts';
import { PotionChip } from './FutureTrack.tsx';
import { POTION_STYLES, potionLetter, potionName } from './model.ts';
import type { ProspectusAction, PView } from './types.ts';
import { WOULD_BE } from './whynot.ts';

/** Cubes as chips: one per cube, with the potion's letter. */
export function CubeRow({ counts, empty = 'none' }: { counts: readonly number[]; empty?: string }) {
  const chips = counts.flatMap((n, p) =>
    Array.from({ length: n }, (_, i) => <PotionChip key={`${p}-${i}`} p={p} size="s" />),
  );
  return <span className="cube-row">{chips.length ? chips : <span className="muted">{empty}</span>}</span>;
}

function BallSvg({ ball, acts }: { ball: readonly number[]; acts: ActionIndex<ProspectusAction> }) {
  const cubes = ball.flatMap((n, p) => Array.from({ length: n }, () => p));
  const refs = acts.pick({ t: 'pound' });
  return (
    <svg
      viewBox="-60 -60 120 132"
      className="ball-svg"
      role="group"
      aria-label={`Crystal ball holding ${cubes.length} cubes`}
    >
      <defs>
        <radialGradient id="ball-glass" cx="35%" cy="30%" r="75%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="55%" stopColor="#d7e7f4" />
          <stop offset="100%" stopColor="#8fb3cf" />
        </radialGradient>
      </defs>
      <ActG refs={refs} title="Pound the table">
        <circle className="hl-glow" r={56} />
        <path d="M -34 48 L 34 48 L 24 66 L -24 66 Z" fill="#6b4f2e" stroke="#3c2b17" />
        <circle r={52} fill="url(#ball-glass)" stroke="#4d6b85" strokeWidth={2} />
        <circle className="hl" r={56} />
        {cubes.map((p, i) => {
          const angle = i * 2.399;
          const radius = 9 + 7.5 * Math.sqrt(i);
          const x = Math.cos(angle) * Math.min(radius, 38);
          const y = Math.sin(angle) * Math.min(radius, 38) + 4;
          const style = POTION_STYLES[p]!;
          return (
            <g key={i} transform={`translate(${x} ${y})`}>
              <rect x={-7} y={-7} width={14} height={14} rx={2} fill={style.fill} stroke="#1f2328" />
              <text y={4} textAnchor="middle" fontSize={10} fontWeight={800} fill={style.ink}>
                {potionLetter(p)}
              </text>
            </g>
          );
        })}
      </ActG>
    </svg>
  );
}

export function BallPanel({
  view,
  acts,
  players,
}: {
  view: PView;
  acts: ActionIndex<ProspectusAction>;
  players: readonly PlayerInfo[];
}) {
  const pool = view.phase === 'draft' ? view.draftPool : null;
  const emerged = view.phase === 'market' ? view.emerged : null;
  const secret = view.secretCounts.map((n, seat) => ({ n, seat })).filter((s) => s.n > 0);
  return (
    <section className="ball-panel" aria-label="Crystal ball and council chamber">
      <div className="ball-box">
        <h3>Crystal ball</h3>
        <BallSvg ball={view.ball} acts={acts} />
        {view.lastDrop && (
          <div className="drop-note">
            <div>
              in: <CubeRow counts={view.lastDrop.dropped} />
            </div>
            <div>
              out: <CubeRow counts={view.lastDrop.emerged} />
            </div>
          </div>
        )}
      </div>
      {pool && (
        <div className="pick-row">
          <h4>Emerged — draft one</h4>
          <div className="pick-cubes">
            {pool.map((n, p) =>
              n > 0 ? (
                <Act
                  key={p}
                  refs={acts.pick({ t: 'draft', potion: p })}
                  title={`Draft ${potionName(p)}`}
                  whyNot={WOULD_BE.draft(p)}
                  className="pick"
                >
                  <PotionChip p={p} size="l" /> ×{n}
                </Act>
              ) : null,
            )}
          </div>
        </div>
      )}
      {emerged && (
        <div className="pick-row">
          <h4>Came out this drop</h4>
          <div className="pick-cubes">
            {emerged.map((n, p) =>
              n > 0 ? (
                <Act
                  key={p}
                  refs={acts.pick({ t: 'redrop', potion: p })}
                  title={`Re-drop ${potionName(p)}`}
                  className="pick"
                >
                  <PotionChip p={p} size="l" /> ×{n}
                </Act>
              ) : null,
            )}
          </div>
        </div>
      )}
      <div className="chamber">
        <h3>Council chamber</h3>
        <CubeRow counts={view.chamber} empty="empty" />
        {secret.length > 0 && (
          <div className="muted secret-note">
            + secret tribute:{' '}
            {secret.map(({ n, seat }) => (
              <span key={seat} className="secret-count">
                {players[seat] ? <SeatBadge player={players[seat]} /> : `seat ${seat}`} {n}
              </span>
            ))}
          </div>
        )}
        {view.mySecret && view.mySecret.some((n) => n > 0) && (
          <div className="secret-note">
            your secret cubes: <CubeRow counts={view.mySecret} />
          </div>
        )}
      </div>
    </section>
  );
}
