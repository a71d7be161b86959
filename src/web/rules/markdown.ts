/**
 * A rules document (`docs/rules/<game>.md`) as HTML with a table of contents. The markdown is our
 * own, bundled at build time, so it is trusted; raw HTML in it is still shown as text, never
 * interpreted. Each rule is defined by a list item that opens with its id in code (`- \`id\` — …`,
 * or bold); that id becomes an anchor named by the full rule id (`<game>.<id>`, the id a refusal
 * carries), so `/rules/<game>#<rule id>` opens on the rule. Other mentions of a defined id link to it.
 */
import { Marked } from 'marked';
import type { Token, Tokens } from 'marked';

export interface TocEntry {
  readonly depth: number;
  readonly text: string;
  readonly id: string;
}

export interface RenderedRules {
  /** The document's first-level heading. */
  readonly title: string;
  readonly html: string;
  /** Second- and third-level headings, in order. */
  readonly toc: readonly TocEntry[];
  /** The full ids of the rules defined, in order. */
  readonly rules: readonly string[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces as dashes. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const RULE_ID = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** A code span marked as the place a rule is defined. */
type DefiningCode = Tokens.Codespan & { ruleDefinition?: true };

/** The code span a list item opens with (possibly in bold), if it reads as a rule id. */
function openingRuleId(item: Tokens.ListItem): DefiningCode | undefined {
  let first: Token | undefined = item.tokens[0];
  if (first && (first.type === 'text' || first.type === 'paragraph'))
    first = (first as Tokens.Text).tokens?.[0];
  if (first?.type === 'strong') first = (first as Tokens.Strong).tokens[0];
  return first?.type === 'codespan' && RULE_ID.test((first as Tokens.Codespan).text)
    ? (first as DefiningCode)
    : undefined;
}

export function renderRules(markdown: string, game: string): RenderedRules {
  const fullId = (id: string) => (id.startsWith(`${game}.`) ? id : `${game}.${id}`);
  const used = new Set<string>();
  const unique = (base: string) => {
    let id = base || 'section';
    for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
  const toc: TocEntry[] = [];
  const rules: string[] = [];
  /** Full ids of the rules the document defines (found before anything is rendered). */
  const defined = new Set<string>();
  let title = '';

  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type !== 'list_item') return;
      const code = openingRuleId(token as Tokens.ListItem);
      if (!code) return;
      code.ruleDefinition = true;
      defined.add(fullId(code.text));
    },
    renderer: {
      heading({ tokens, depth }) {
        const inner = this.parser.parseInline(tokens);
        const text = this.parser.parseInline(tokens, this.parser.textRenderer);
        if (depth === 1) {
          title ||= text;
          return `<h1>${inner}</h1>\n`;
        }
        const id = unique(slug(text));
        if (depth <= 3) toc.push({ depth, text, id });
        return `<h${depth} id="${escapeHtml(id)}">${inner} <a class="anchor" href="#${escapeHtml(id)}" aria-label="Link to this section">#</a></h${depth}>\n`;
      },
      codespan(token) {
        const { text } = token;
        const id = fullId(text);
        if (!defined.has(id)) return false;
        const code = `<code>${escapeHtml(text)}</code>`;
        if ((token as DefiningCode).ruleDefinition && !used.has(id)) {
          used.add(id);
          rules.push(id);
          return `<a class="rule-id" id="${escapeHtml(id)}" href="#${escapeHtml(id)}" title="${escapeHtml(id)}">${code}</a>`;
        }
        return `<a class="rule-ref" href="#${escapeHtml(id)}">${code}</a>`;
      },
      html({ text }) {
        return escapeHtml(text);
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { title, html, toc, rules };
}
