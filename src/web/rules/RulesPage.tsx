/**
 * `/rules/<game>`: the game's rules as we implement them (`docs/rules/<game>.md`), with a table of
 * contents from its headings. Rule ids are anchors: a refusal's rule id links to
 * `/rules/<game>#<rule id>`.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { GAME_INFO, gameInfo } from '../app/games.ts';
import { RULES_DOCS } from './docs.ts';
import { renderRules } from './markdown.ts';
import './rules.css';

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; markdown: string };

function useRulesText(game: string): Loaded {
  const [result, setResult] = useState<{ game: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    const load = RULES_DOCS[game];
    if (!load) return;
    let live = true;
    load().then(
      (markdown) => live && setResult({ game, loaded: { state: 'ok', markdown } }),
      (err: unknown) => live && setResult({ game, loaded: { state: 'error', message: String(err) } }),
    );
    return () => {
      live = false;
    };
  }, [game]);
  return result?.game === game ? result.loaded : { state: 'loading' };
}

export default function RulesPage() {
  const { game } = useParams<{ game: string }>();
  const text = useRulesText(game);
  if (!RULES_DOCS[game])
    return (
      <div className="page">
        <h1>No rules for “{game}”</h1>
        <p>
          Rules:{' '}
          {GAME_INFO.map((g, i) => (
            <span key={g.id}>
              {i > 0 && ' · '}
              <Link href={`/rules/${g.id}`}>{g.name}</Link>
            </span>
          ))}
        </p>
      </div>
    );
  return (
    <div className="page rules-page">
      {text.state === 'loading' && <p>Loading the rules…</p>}
      {text.state === 'error' && <p className="error">The rules could not be loaded ({text.message}).</p>}
      {text.state === 'ok' && <RulesDocument game={game} markdown={text.markdown} />}
    </div>
  );
}

function RulesDocument({ game, markdown }: { game: string; markdown: string }) {
  const doc = useMemo(() => renderRules(markdown, game), [markdown, game]);
  const name = gameInfo(game)?.name ?? game;
  useEffect(() => {
    document.title = `${name} rules · Prosper`;
    // The document arrives after the browser looked for the address's #anchor: look again, and
    // ring the rule by a class, since the browser's :target may not follow an element drawn late
    // (it does not after a link from another page, e.g. the players' guide).
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    target?.scrollIntoView();
    target?.classList.add('is-target');
    return () => target?.classList.remove('is-target');
  }, [doc, name]);
  return (
    <div className="rules-layout">
      <nav className="panel rules-toc" aria-label="Contents">
        <h2>Contents</h2>
        <ol>
          {doc.toc.map((entry) => (
            <li key={entry.id} className={`toc-${entry.depth}`}>
              <a href={`#${entry.id}`}>{entry.text}</a>
            </li>
          ))}
        </ol>
        <p className="muted rules-count">{doc.rules.length} rules with ids</p>
        <p className="rules-other">
          Other rules:{' '}
          {GAME_INFO.filter((g) => g.id !== game).map((g, i) => (
            <span key={g.id}>
              {i > 0 && ' · '}
              <Link href={`/rules/${g.id}`}>{g.name}</Link>
            </span>
          ))}
        </p>
      </nav>
      {/* Our own markdown, bundled at build time; raw HTML in it is escaped by renderRules. */}
      <article className="panel rules-text" dangerouslySetInnerHTML={{ __html: doc.html }} />
    </div>
  );
}
