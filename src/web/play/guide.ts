/**
 * A player's guide (`docs/play/<game>.md`) as HTML with a table of contents and its pictures. The
 * markdown is our own, bundled at build time, so it is trusted; raw HTML in it is still shown as
 * text, never interpreted. Two things are added to plain markdown:
 *
 * - each section (a heading of level 2 or 3) may declare the rules it explains in a comment right
 *   under its heading, `<!-- rules: council transaction.buy-limit core.turn -->`: each entry is a
 *   rule id or an id prefix (`council` covers `<game>.council.sale` and every other
 *   `<game>.council.*`), written without the game's prefix (`core.*` ids as they are). A refused
 *   move's rule id leads to the section whose entry matches it most closely (`sectionForRule`).
 *   The comment is invisible on GitHub too.
 * - pictures are written as the repository stores them (`images/<game>/<name>.webp`, so GitHub
 *   shows them) and drawn from the build's assets at their recorded size.
 *
 * Links to the developers' rules (`../rules/<game>.md#…`) and to another guide (`<game>.md#…`)
 * become the site's `/rules/<game>#…` and `/play/<game>#…`.
 */
import { Marked } from 'marked';
import { slug } from '../rules/markdown.ts';

export interface GuideSection {
  readonly id: string;
  /** The heading's text, without markup. */
  readonly text: string;
  readonly depth: 2 | 3;
  /** The full rule ids and id prefixes the section declares it explains. */
  readonly rules: readonly string[];
}

export interface Picture {
  readonly url: string;
  /** Size in CSS pixels: the page keeps the place before the picture loads. */
  readonly width: number;
  readonly height: number;
}

export interface Guide {
  /** The document's first-level heading. */
  readonly title: string;
  readonly html: string;
  /** Headings of levels 2 and 3 in order, with the rules each declares. */
  readonly sections: readonly GuideSection[];
  /** Every picture the text shows, as written, with its alternative text. */
  readonly pictures: readonly { readonly src: string; readonly alt: string }[];
  /** What is wrong with the document (a picture not found, a rules comment outside a section). */
  readonly problems: readonly string[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const RULES_COMMENT = /^\s*<!--\s*rules:([\s\S]*?)-->\s*$/;
const COMMENT = /^\s*<!--[\s\S]*-->\s*$/;
const ENTRY = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;
/** Height over width beyond which a picture is drawn narrower than the column. */
const PORTRAIT = 1.3;

/** A declared entry as a full id: `council.sale` → `<game>.council.sale`; `core.*` stays. */
export function fullRuleId(entry: string, game: string): string {
  return entry === 'core' || entry.startsWith('core.') || entry.startsWith(`${game}.`)
    ? entry
    : `${game}.${entry}`;
}

/** The site's address for a link written for the repository, or the link as it is. */
function siteHref(href: string): string {
  const rules = /^\.\.\/rules\/([a-z0-9-]+)\.md(#.*)?$/.exec(href);
  if (rules) return `/rules/${rules[1]}${rules[2] ?? ''}`;
  const guide = /^(?:\.\/)?([a-z0-9-]+)\.md(#.*)?$/.exec(href);
  if (guide) return `/play/${guide[1]}${guide[2] ?? ''}`;
  return href;
}

export function renderGuide(
  markdown: string,
  game: string,
  picture: (src: string) => Picture | undefined,
): Guide {
  const used = new Set<string>();
  const unique = (base: string) => {
    let id = base || 'section';
    for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
  const sections: { id: string; text: string; depth: 2 | 3; rules: string[] }[] = [];
  const pictures: { src: string; alt: string }[] = [];
  const problems: string[] = [];
  let title = '';

  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        if (depth === 1) {
          title ||= text;
          return `<h1>${inner}</h1>\n`;
        }
        const id = unique(slug(text));
        if (depth <= 3) sections.push({ id, text, depth: depth as 2 | 3, rules: [] });
        return `<h${depth} id="${escapeHtml(id)}">${inner} <a class="anchor" href="#${escapeHtml(id)}" aria-label="Link to this section">#</a></h${depth}>\n`;
      },
      html({ text }) {
        const rules = RULES_COMMENT.exec(text);
        if (rules) {
          const section = sections.at(-1);
          const entries = rules[1]!.split(/[\s,]+/).filter(Boolean);
          if (!section) problems.push(`a rules comment before the first section: ${text.trim()}`);
          for (const entry of entries) {
            if (!ENTRY.test(entry)) problems.push(`not a rule id: “${entry}”`);
            section?.rules.push(fullRuleId(entry, game));
          }
          return '';
        }
        // Other comments are notes for whoever edits the file; any other HTML is shown as text.
        return COMMENT.test(text) ? '' : escapeHtml(text);
      },
      image({ href, text }) {
        pictures.push({ src: href, alt: text });
        const found = picture(href);
        if (!found) {
          problems.push(`no picture ${href}`);
          return `<span class="missing-picture">[${escapeHtml(text)}]</span>`;
        }
        // Tall pictures are shown narrower, so that one fits a screen; any opens at full size.
        const shape = found.height > PORTRAIT * found.width ? ' portrait' : '';
        const url = escapeHtml(found.url);
        return (
          `<a class="guide-picture-link${shape}" href="${url}" target="_blank" rel="noopener">` +
          `<img class="guide-picture" src="${url}" alt="${escapeHtml(text)}" width="${found.width}" height="${found.height}" loading="lazy" decoding="async">` +
          `</a>`
        );
      },
      link({ href, title: linkTitle, tokens }) {
        const inner = this.parser.parseInline(tokens);
        const attrs = linkTitle ? ` title="${escapeHtml(linkTitle)}"` : '';
        return `<a href="${escapeHtml(siteHref(href))}"${attrs}>${inner}</a>`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { title, html, sections, pictures, problems };
}

/**
 * The section explaining a rule: the one declaring the longest entry that is the rule's id or a
 * prefix of it (`prospectus.spell` covers `prospectus.spell.freeze`, and `prospectus.spell.play`
 * declared elsewhere wins for that id). Null when no section declares it.
 */
export function sectionForRule(sections: readonly GuideSection[], rule: string): GuideSection | null {
  let best: GuideSection | null = null;
  let length = 0;
  for (const section of sections)
    for (const entry of section.rules)
      if ((rule === entry || rule.startsWith(`${entry}.`)) && entry.length > length) {
        best = section;
        length = entry.length;
      }
  return best;
}

/** A rule id as a refusal carries it (`core.turn`, `prospectus.council.open-demand`). */
export const RULE_ID = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/**
 * The guide's HTML with a note under the heading of the section explaining `rule`, saying that a
 * move was refused under it and linking to its exact wording on the developers' rules page. The
 * rule comes from the address, so it is checked and escaped; the HTML is unchanged when no section
 * explains it.
 */
export function withRuleNote(guide: Guide, game: string, rule: string): string {
  const section = RULE_ID.test(rule) ? sectionForRule(guide.sections, rule) : null;
  if (!section) return guide.html;
  const open = guide.html.indexOf(`<h${section.depth} id="${escapeHtml(section.id)}">`);
  const close = guide.html.indexOf(`</h${section.depth}>`, open);
  if (open < 0 || close < 0) return guide.html;
  const end = close + `</h${section.depth}>`.length;
  const code = `<code>${escapeHtml(rule)}</code>`;
  const note =
    `<p class="play-rule-note" role="note">A move was refused under rule ${code}; this section ` +
    `explains that part of the game. Its exact wording is in the ` +
    `<a href="/rules/${escapeHtml(game)}#${escapeHtml(rule)}">full rules</a>.</p>`;
  return guide.html.slice(0, end) + note + guide.html.slice(end);
}
