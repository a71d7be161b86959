/** The clocks as the page shows them: counted down in the browser from the reading's arrival. */
import { useEffect, useState } from 'react';
import type { ClockReading } from '../../protocol/index.ts';

/** m:ss, or h:mm:ss, or days for turn-based clocks. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86_400) return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * A seat's time left at `now`: a running clock goes down from the reading's arrival (`receivedAt`,
 * the browser's clock, so the two machines' clocks need not agree). Null: the seat has no clock.
 */
export function timeLeft(
  clocks: ClockReading | null | undefined,
  seat: number,
  receivedAt: number,
  now: number,
): number | null {
  const left = clocks?.remainingMs[seat];
  if (left === undefined) return null;
  // `now` may be a tick older than the reading's arrival: never more than the reading said.
  return clocks!.running.includes(seat) ? Math.max(0, left - Math.max(0, now - receivedAt)) : left;
}

/** The time now, renewed every second while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
