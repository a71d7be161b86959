/** Ingredient chips, deck cards and order cards for Prosperitea. */
import type { ReactNode } from 'react';
import type { ActionRef } from '../actions.ts';
import { Act } from '../common/Actionable.tsx';
import { kindFact, kindName, kindRarity, kindType, RARITY_PIPS, TYPE_STYLES, typeName } from './model.ts';
import type { Line } from './model.ts';

export interface CardLike {
  readonly def: { readonly name: string; readonly money: number; readonly prestige?: number };
  readonly lines: readonly Line[];
}

export function TypeGlyph({ type }: { type: number }) {
  const style = TYPE_STYLES[type]!;
  return (
    <span className="type-glyph" style={{ background: style.fill, color: style.ink }} title={typeName(type)}>
      {style.glyph}
    </span>
  );
}

/** A card of one ingredient kind, with its type's glyph and colour, and its rarity. */
export function Ingredient({
  kind,
  count,
  refs = [],
  title,
  whyNot,
}: {
  kind: number;
  count?: number;
  refs?: readonly ActionRef[];
  title?: string;
  /** The action a click would have been when none is legal: asked about (see whynot.ts). */
  whyNot?: unknown;
}) {
  const type = kindType(kind);
  const style = TYPE_STYLES[type]!;
  return (
    <Act
      as="span"
      refs={refs}
      title={title ?? kindName(kind)}
      whyNot={whyNot}
      className="ingredient"
      style={{ borderColor: style.fill }}
    >
      <TypeGlyph type={type} />
      <span className="ing-name" title={kindFact(kind)}>
        {kindName(kind)}
      </span>
      <span className="rarity" title={kindRarity(kind)}>
        {RARITY_PIPS[kindRarity(kind)]}
      </span>
      {count !== undefined && count > 1 && <b className="count">×{count}</b>}
    </Act>
  );
}

export function LineChip({ line, state }: { line: Line; state?: ReactNode }) {
  if (line.kind >= 0)
    return (
      <span className="line">
        <Ingredient kind={line.kind} />
        {state}
      </span>
    );
  const style = TYPE_STYLES[line.type]!;
  return (
    <span className="line">
      <span className="ingredient any" style={{ borderColor: style.fill }}>
        <TypeGlyph type={line.type} />
        <span className="ing-name">any {typeName(line.type)}</span>
      </span>
      {state}
    </span>
  );
}

/** An order card: its tea, what it needs, and its two payouts (sell for money, display for prestige). */
export function OrderCard({
  card,
  refs = [],
  footer,
  tier,
  className = '',
  whyNot,
}: {
  card: CardLike;
  refs?: readonly ActionRef[];
  footer?: ReactNode;
  tier: 'standard' | 'premium' | 'evergreen';
  className?: string;
  /** The action a click would have been when none is legal: asked about (see whynot.ts). */
  whyNot?: unknown;
}) {
  return (
    <Act refs={refs} title={card.def.name} whyNot={whyNot} className={`order-card tier-${tier} ${className}`}>
      <div className="order-name">{card.def.name}</div>
      <div className="order-lines">
        {card.lines.map((line, i) => (
          <LineChip key={i} line={line} />
        ))}
      </div>
      <div className="payouts">
        <span className="sell" title="sell for money">
          ${card.def.money}
        </span>
        {card.def.prestige !== undefined && (
          <span className="display" title="display for prestige">
            {card.def.prestige}★
          </span>
        )}
      </div>
      {footer}
    </Act>
  );
}
