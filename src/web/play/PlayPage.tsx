/**
 * `/play/<game>`: how to play, for someone who never has (`docs/play/<game>.md`), with pictures of
 * the board and a table of contents. The address may name a section (`#scoring`) or a rule id
 * (`#prospectus.council.open-demand`, where a refusal at the table links): a rule id opens on the
 * section that explains it, ringed, with a note naming the rule and linking to its exact wording
 * on the developers' rules page.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import { GAME_INFO, gameInfo } from '../app/games.ts';
import { PLAY_DOCS, picture } from './docs.ts';
import { RULE_ID, renderGuide, sectionForRule, withRuleNote } from './guide.ts';
import type { Guide } from './guide.ts';
import './play.css';

/** Where the contents stand beside the text (play.css switches to one column below it). */
const WIDE = '(min-width: 861px)';

type Loaded = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; markdown: string };

function useGuideText(game: string): Loaded {
  const [result, setResult] = useState<{ game: string; loaded: Loaded } | null>(null);
  useEffect(() => {
    const load = PLAY_DOCS[game];
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

function OtherGames({ game }: { game: string }) {
  return (
    <>
      {GAME_INFO.filter((g) => g.id !== game).map((g, i) => (
        <span key={g.id}>
          {i > 0 && ' · '}
          <Link href={`/play/${g.id}`}>{g.name}</Link>
        </span>
      ))}
    </>
  );
}

export default function PlayPage() {
  const { game } = useParams<{ game: string }>();
  const text = useGuideText(game);
  if (!PLAY_DOCS[game])
    return (
      <div className="page">
        <h1>No guide for “{game}”</h1>
        <p>
          How to play: <OtherGames game={game} />
        </p>
      </div>
    );
  return (
    <div className="page play-page">
      {text.state === 'loading' && <p>Loading the guide…</p>}
      {text.state === 'error' && <p className="error">The guide could not be loaded ({text.message}).</p>}
      {text.state === 'ok' && <GuideDocument game={game} markdown={text.markdown} />}
    </div>
  );
}

/** What the address points at: a section, or a rule and the section explaining it. */
interface Target {
  readonly section: string | null;
  readonly rule: string | null;
}

function targetOf(guide: Guide, hash: string): Target | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (guide.sections.some((s) => s.id === id)) return { section: id, rule: null };
  if (!RULE_ID.test(id)) return null;
  return { section: sectionForRule(guide.sections, id)?.id ?? null, rule: id };
}

function useHash(): string {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const update = () => setHash(window.location.hash);
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return hash;
}

function GuideDocument({ game, markdown }: { game: string; markdown: string }) {
  const guide = useMemo(() => renderGuide(markdown, game, picture), [markdown, game]);
  const name = gameInfo(game)?.name ?? game;
  const hash = useHash();
  const [wide] = useState(() => window.matchMedia(WIDE).matches);
  const target = useMemo(() => targetOf(guide, hash), [guide, hash]);
  const html = useMemo(
    () => (target?.rule ? withRuleNote(guide, game, target.rule) : guide.html),
    [guide, game, target],
  );

  useEffect(() => {
    document.title = `How to play ${name} · Prosper`;
  }, [name]);

  // The text arrives after the browser looked for the address's #anchor: look again, and ring
  // the section a rule id leads to.
  useEffect(() => {
    const heading = target?.section ? document.getElementById(target.section) : null;
    if (!heading) return;
    heading.classList.toggle('play-target', !!target?.rule);
    heading.scrollIntoView();
    return () => heading.classList.remove('play-target');
  }, [html, target]);

  return (
    <div className="play-layout">
      <nav className="panel play-toc" aria-label="Contents">
        {/* Open beside the text; folded above it on a phone, so the guide starts on the first screen. */}
        <details open={wide}>
          <summary>
            <h2>Contents</h2>
          </summary>
          <ol>
            {guide.sections.map((s) => (
              <li key={s.id} className={`toc-${s.depth}`}>
                <a href={`#${s.id}`}>{s.text}</a>
              </li>
            ))}
          </ol>
        </details>
        <p className="play-next">
          <Link href={`/?new=${game}`}>Create a {name} table</Link>, or play now against bots from the{' '}
          <Link href="/">lobby</Link>.
        </p>
        <p className="play-other">
          Every rule in detail: <Link href={`/rules/${game}`}>{name} rules</Link>
          <br />
          How to play <OtherGames game={game} />
        </p>
      </nav>
      <div className="play-main">
        {target?.rule && !target.section && (
          <p className="panel play-rule-note" role="note">
            Rule <code>{target.rule}</code> is not explained on this page; see its{' '}
            <a href={`/rules/${game}#${encodeURIComponent(target.rule)}`}>exact wording</a> in the full rules.
          </p>
        )}
        {/* Our own markdown, bundled at build time; raw HTML in it is escaped by renderGuide. */}
        <article className="panel play-text" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </div>
  );
}
