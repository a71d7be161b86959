/**
 * A brief "pop" when a shown value changes (a price, money, a ship count), so a player sees what
 * just happened. Nothing pops on the first render; reduced motion turns it off (styles.css).
 */
import { useState } from 'react';
import type { ReactNode } from 'react';

/** How many times `value` has changed since the component mounted. */
function useChanges(value: unknown): number {
  const [seen, setSeen] = useState({ value, count: 0 });
  if (!Object.is(seen.value, value)) {
    const next = { value, count: seen.count + 1 };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}

export function Pop({
  value,
  as = 'span',
  className = '',
  children,
}: {
  value: unknown;
  as?: 'span' | 'b';
  className?: string;
  children: ReactNode;
}) {
  const changes = useChanges(value);
  const Tag = as;
  return (
    <Tag key={changes} className={`${className} ${changes ? 'pop' : ''}`}>
      {children}
    </Tag>
  );
}

/** The same for SVG content. */
export function PopG({ value, children }: { value: unknown; children: ReactNode }) {
  const changes = useChanges(value);
  return (
    <g key={changes} className={changes ? 'pop' : undefined}>
      {children}
    </g>
  );
}
