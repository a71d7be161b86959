/**
 * The players' guides (docs/play/<game>.md), without a browser: every rule id the developers' rules
 * define (and every core id) leads to a section of the guide, every declaration names real rules,
 * every picture exists with its recorded size and an alternative text, every picture on disk is
 * used, and the note a refusal's link adds is escaped and lands under the right heading.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderGuide, sectionForRule, withRuleNote } from '../../src/web/play/guide.ts';
import { GAMES, IMAGES, SIZES, guideOf, refusableRules, webpSize } from './play-docs.ts';

describe.each(GAMES)('the %s guide', (game) => {
  const guide = guideOf(game);

  it('renders with no problem, a title and its sections', () => {
    expect(guide.problems).toEqual([]);
    expect(guide.title).toMatch(/^How to play /);
    for (const heading of ['What you see on the board', 'Setting up', 'End of the game and scoring'])
      expect(guide.sections.map((s) => s.text)).toContain(heading);
  });

  it('leads every rule id a refusal may carry to a section of the guide', () => {
    const rules = refusableRules(game);
    expect(rules.length).toBeGreaterThan(40);
    const unmapped = rules.filter((rule) => !sectionForRule(guide.sections, rule));
    expect(unmapped).toEqual([]);
  });

  it('declares only entries that match some rule, each in one section', () => {
    const rules = refusableRules(game);
    const declared = guide.sections.flatMap((s) => s.rules);
    const stale = declared.filter((e) => !rules.some((r) => r === e || r.startsWith(`${e}.`)));
    expect(stale).toEqual([]);
    expect(declared.length).toBe(new Set(declared).size);
  });

  it('leads rules to the sections that explain them', () => {
    const at = (rule: string) => sectionForRule(guide.sections, rule)?.text;
    const expected: Record<string, Record<string, string>> = {
      prospectus: {
        'prospectus.council.open-demand': '1. Sell to the council',
        'prospectus.transaction.buy-limit': '2. Buy or sell',
        'prospectus.spell.recharge': '3. Play a spell card',
        'prospectus.spell.freeze': 'Spells',
        'prospectus.ability.nudge': 'Potion abilities',
        'prospectus.market.split': 'The price machine',
        'prospectus.end.bonus': 'End of the game and scoring',
        'core.turn': 'Your turn',
      },
      prosperitea: {
        'prosperitea.sourcing.budget': '1. Sourcing',
        'prosperitea.coop.no-reask': 'Asking for help',
        'prosperitea.fulfil.back-out-limit': '2. Fulfilment',
        'prosperitea.fulfil.payout': 'Sell or display',
        'prosperitea.end.ties': 'End of the game and scoring',
      },
      'pocket-imperium': {
        'pocket-imperium.setup.placement': 'Setting up',
        'pocket-imperium.plan.order': 'Plan',
        'pocket-imperium.explore.tri-prime-stop': 'Explore',
        'pocket-imperium.exterminate.battle': 'Exterminate',
        'pocket-imperium.exploit.choice': 'Exploit: scoring sectors',
        'pocket-imperium.prosperity.claim': 'Prosperity cards',
        'pocket-imperium.end.tie-break': 'End of the game and scoring',
      },
    };
    for (const [rule, section] of Object.entries(expected[game]!)) expect(at(rule), rule).toBe(section);
  });

  it('shows pictures that exist at their recorded size, each with an alternative text, and uses every picture', () => {
    expect(guide.pictures.length).toBeGreaterThan(7);
    for (const { src, alt } of guide.pictures) {
      expect(src, src).toMatch(new RegExp(`^images/${game}/[a-z0-9-]+\\.webp$`));
      expect(alt.length, src).toBeGreaterThan(30);
      const path = src.slice('images/'.length);
      const [width, height] = SIZES[path]!;
      // Recorded in CSS pixels; the file holds 1 or 1.5 device pixels per CSS pixel.
      const [w, h] = webpSize(join(IMAGES, path));
      const scale = w / width;
      expect(
        [1, 1.5].some((k) => Math.abs(scale - k) < 0.01),
        `${src}: ${w}×${h} for ${width}×${height}`,
      ).toBe(true);
      expect(Math.abs(h - height * scale), src).toBeLessThanOrEqual(1);
    }
    const files = readdirSync(join(IMAGES, game)).map((f) => `images/${game}/${f}`);
    expect(new Set(guide.pictures.map((p) => p.src))).toEqual(new Set(files));
  });

  it('links only to its own sections, the rules pages and the other guides', () => {
    const ids = new Set(guide.sections.map((s) => s.id));
    // (Each picture is also a link to itself, at full size.)
    const links = [...guide.html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);
    for (const href of links) {
      if (href.startsWith('#')) expect(ids.has(href.slice(1)), href).toBe(true);
      else expect(href, href).toMatch(/^\/(rules|play)\/[a-z-]+(#.*)?$/);
    }
  });
});

describe('every picture on disk', () => {
  it('is listed in sizes.json, and every listed picture is on disk', () => {
    const onDisk = GAMES.flatMap((g) => readdirSync(join(IMAGES, g)).map((f) => `${g}/${f}`));
    expect(new Set(Object.keys(SIZES))).toEqual(new Set(onDisk));
  });
});

describe('guide rendering', () => {
  const markdown = [
    '# How to play G',
    '<!-- a note for editors -->',
    '## Turn',
    '<!-- rules: turn core.turn -->',
    'Text with <b>raw</b> HTML. See [the rules](../rules/g.md#g.turn.order) and [Other](other.md#setup).',
    '### Spells',
    '<!-- rules: spell, spell.freeze -->',
    '![A spell card](images/g/spell.webp)',
    '## Turn',
    'Again.',
  ].join('\n\n');
  const picture = (src: string) =>
    src === 'images/g/spell.webp' ? { url: '/a/x.webp', width: 20, height: 10 } : undefined;
  const guide = renderGuide(markdown, 'g', picture);

  it('reads the rules each section declares, hides comments and escapes raw HTML', () => {
    expect(guide.problems).toEqual([]);
    expect(guide.sections.map((s) => [s.id, s.depth, s.rules])).toEqual([
      ['turn', 2, ['g.turn', 'core.turn']],
      ['spells', 3, ['g.spell', 'g.spell.freeze']],
      ['turn-1', 2, []],
    ]);
    expect(guide.html).not.toContain('<!--');
    expect(guide.html).toContain('&lt;b&gt;raw&lt;/b&gt;');
    expect(guide.html).toContain('href="/rules/g#g.turn.order"');
    expect(guide.html).toContain('href="/play/other#setup"');
    expect(guide.html).toContain(
      '<a class="guide-picture-link" href="/a/x.webp" target="_blank" rel="noopener"><img class="guide-picture" src="/a/x.webp" alt="A spell card" width="20" height="10"',
    );
  });

  it('picks the longest matching entry, and nothing for an id no entry covers', () => {
    const id = (rule: string) => sectionForRule(guide.sections, rule)?.id ?? null;
    expect(id('g.spell.freeze')).toBe('spells');
    expect(id('g.spell.freeze.exchange')).toBe('spells');
    expect(id('g.turn.order')).toBe('turn');
    expect(id('core.turn')).toBe('turn');
    expect(id('g.turnover')).toBeNull();
    expect(id('core.seat')).toBeNull();
  });

  it('reports a missing picture, a rules comment outside any section and a malformed entry', () => {
    const bad = renderGuide(
      '# T\n\n<!-- rules: x -->\n\n## A\n\n<!-- rules: Bad! -->\n\n![alt](images/g/none.webp)\n',
      'g',
      picture,
    );
    expect(bad.problems).toHaveLength(3);
    expect(bad.html).toContain('missing-picture');
  });

  it('puts the refusal note under the heading of the section, escaping the rule id', () => {
    const html = withRuleNote(guide, 'g', 'g.spell.freeze');
    const heading = html.indexOf('<h3 id="spells">');
    const note = html.indexOf('class="play-rule-note"');
    expect(heading).toBeGreaterThan(0);
    expect(note).toBeGreaterThan(heading);
    expect(note).toBeLessThan(html.indexOf('<img'));
    expect(html).toContain('href="/rules/g#g.spell.freeze"');
    // An address is anyone's to write: nothing that is not a rule id gets in.
    expect(withRuleNote(guide, 'g', 'g.spell."><script>x</script>')).toBe(guide.html);
    expect(withRuleNote(guide, 'g', 'g.unknown.rule')).toBe(guide.html);
  });
});
