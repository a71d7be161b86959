/**
 * The site's colours read: its theme's text colours (styles.css's custom properties) on its
 * surfaces, and each seat badge's letter on its colour, at WCAG's 4.5:1 for text. The pages
 * themselves are measured in Chromium (test/web/site.test.ts, `contrast.ts`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seatPlayers } from '../../src/web/boards/seats.ts';

/** WCAG 2's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const css = readFileSync(new URL('../../src/web/styles.css', import.meta.url), 'utf8');
const variable = (name: string): string => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(css);
  if (!m) throw new Error(`no --${name} in styles.css`);
  return m[1]!;
};

describe('the theme', () => {
  it('reads at 4.5:1: ink, muted text and links on the paper and the panels', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    for (const text of ['ink', 'muted', 'accent'])
      for (const surface of ['paper', 'panel'])
        expect(
          contrast(variable(text), variable(surface)),
          `--${text} on --${surface}`,
        ).toBeGreaterThanOrEqual(4.5);
  });

  it("gives every seat badge a letter that reads on the seat's colour", () => {
    for (const p of seatPlayers(['a', 'b', 'c', 'd', 'e', 'f']))
      expect(contrast(p.ink, p.colour), `seat ${p.letter}`).toBeGreaterThanOrEqual(4.5);
  });
});
