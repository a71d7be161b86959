/**
 * Text contrast as WCAG 2 measures it (success criterion 1.4.3), computed in the page: every
 * element with text of its own, its colour against the background it is drawn on (the nearest
 * ancestor's background colours composed down to the page, with the element's own opacity), at
 * least 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold). Disabled controls are exempt, as
 * the criterion says, and so is text nobody can see (hidden, transparent, clipped to 1 px). Text
 * over a picture or a gradient has no single background to measure and is left out.
 */
import type { Page } from 'playwright-core';

export interface ContrastProblem {
  readonly text: string;
  readonly where: string;
  readonly ratio: number;
  readonly needed: number;
  readonly colour: string;
  readonly background: string;
}

/** The little of the DOM used here (the tests are typechecked without the DOM library). */
interface El {
  readonly parentElement: El | null;
  readonly tagName: string;
  readonly classList: Iterable<string> & { readonly length: number };
  readonly childNodes: ArrayLike<{ nodeType: number; textContent: string | null }>;
  readonly offsetParent: unknown;
  closest(selector: string): El | null;
  getBoundingClientRect(): { width: number; height: number };
}
interface Style {
  readonly backgroundColor: string;
  readonly backgroundImage: string;
  readonly color: string;
  readonly opacity: string;
  readonly fontSize: string;
  readonly fontWeight: string;
  readonly visibility: string;
  readonly position: string;
}
interface Doc {
  readonly body: { querySelectorAll(selector: string): ArrayLike<El> };
  readonly defaultView: { getComputedStyle(el: El): Style };
}

/** Text below its contrast on the page, outside `exclude` (a selector: another engineer's boards). */
export function contrastProblems(page: Page, exclude = ''): Promise<ContrastProblem[]> {
  return page.evaluate((exclude) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const doc = (globalThis as unknown as { document: Doc }).document;
    const view = doc.defaultView;
    const backgroundOf = (el: El | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = el; at; at = at.parentElement)
        layers.push(parse(view.getComputedStyle(at).backgroundColor));
      let colour: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const opacityOf = (el: El | null): number => {
      let o = 1;
      for (let at = el; at; at = at.parentElement) o *= Number(view.getComputedStyle(at).opacity);
      return o;
    };
    const describe = (el: El): string => {
      const parts: string[] = [];
      for (let at: El | null = el; at && parts.length < 3; at = at.parentElement)
        parts.unshift(
          at.tagName.toLowerCase() + (at.classList.length ? `.${[...at.classList].join('.')}` : ''),
        );
      return parts.join(' > ');
    };
    const problems: ContrastProblem[] = [];
    for (const el of Array.from(doc.body.querySelectorAll('*'))) {
      if (exclude && el.closest(exclude)) continue;
      if (el.closest('svg, [disabled], [aria-disabled="true"]')) continue;
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === 3)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!own) continue;
      const rect = el.getBoundingClientRect();
      const style = view.getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible') continue;
      if (el.offsetParent === null && style.position !== 'fixed') continue;
      const background = backgroundOf(el);
      const opacity = opacityOf(el);
      if (!background || opacity < 0.1) continue;
      const text = parse(style.color);
      const shown = over([text[0], text[1], text[2], text[3] * opacity], background);
      const [hi, lo] = [luminance(shown), luminance(background)].sort((a, b) => b - a);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const needed = large ? 3 : 4.5;
      if (ratio < needed - 0.005)
        problems.push({
          text: own.slice(0, 40),
          where: describe(el),
          ratio: Math.round(ratio * 100) / 100,
          needed,
          colour: style.color,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(' ')})`,
        });
    }
    return problems;
  }, exclude);
}
