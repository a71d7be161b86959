/** The start page: the games. It becomes the lobby (open tables, create a table) with the server. */
import { Link } from 'wouter';
import { GAME_INFO } from './games.ts';

export function Home() {
  return (
    <div className="page home">
      <h1>Play Prosper</h1>
      <p className="lead">Three tabletop games with every rule enforced, against friends or bots.</p>
      <div className="game-cards">
        {GAME_INFO.map((g) => (
          <article key={g.id} className="panel game-card">
            <h2>{g.name}</h2>
            <p className="players">{g.players}</p>
            <p>{g.pitch}</p>
          </article>
        ))}
      </div>
      <p>
        Online tables arrive with the game server. Meanwhile the <Link href="/gallery">board gallery</Link>{' '}
        shows every board from recorded games.
      </p>
    </div>
  );
}
