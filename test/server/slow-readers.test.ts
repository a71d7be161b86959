/**
 * Clients that never read. Each `focus` at a finished public match used to render and queue the
 * whole match's update (tens of kilobytes) for a socket that took none of it, so twenty such
 * sockets grew the server by a gigabyte. Now the server holds at most `sendBufferBytes` for a
 * connection and closes it past that, renders the update once per match revision, and the other
 * clients are answered throughout.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { GAMES } from '../../src/games/registry.ts';
import { LiveMatch } from '../../src/server/live.ts';
import { Client, gameById, seedFinishedMatch, startTestServer } from './harness.ts';
import type { TestServer } from './harness.ts';

const SEND_BUFFER = 256 * 1024;
const ATTACKERS = 20;

let srv: TestServer;
let finished: string;

beforeAll(async () => {
  srv = await startTestServer({
    // The rate limit is lifted so the attack is as fast as a socket can send: the buffer cap,
    // not the rate limit, must be what protects the server here.
    limits: { messagesPerSecond: 5000, messageBurst: 5000, sendBufferBytes: SEND_BUFFER },
  });
  finished = (
    await seedFinishedMatch(srv.server.storage, gameById(GAMES, 'pocket-imperium'), 4, 'slow-readers')
  ).id;
});
afterAll(() => srv.drop());

/** A spectator socket that says hello and then never reads another byte. */
function deafSpectator(table: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(srv.wsUrl);
    ws.once('error', reject);
    ws.once('open', () => {
      (ws as unknown as { _socket: { pause(): void } })._socket.pause();
      ws.send(JSON.stringify({ type: 'hello', v: 1, table, tokens: [] }));
      resolve(ws);
    });
  });
}

const serverSockets = () => [...srv.server.app.websocketServer.clients];

describe('clients that never read', () => {
  it('are closed once the server holds more than the limit for them; others are answered throughout', async () => {
    const listener = await Client.connect(srv.wsUrl);
    const spectator = await Client.connect(srv.wsUrl);
    spectator.send({ type: 'hello', v: 1, table: finished, tokens: [] });
    const whole = await spectator.takeType('update');
    const updateBytes = JSON.stringify(whole).length;
    // The attack only means something if each focus asks for a large update.
    expect(updateBytes).toBeGreaterThan(20_000);

    const deaf = await Promise.all(Array.from({ length: ATTACKERS }, () => deafSpectator(finished)));
    let pings = 0;
    let pongs = 0;
    let maxHeld = 0;
    const sent = new Set<number>();
    for (let round = 0; round < 400; round++) {
      for (const ws of deaf)
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'focus', viewer: 'spectator' }));
      if (round % 10 === 0) {
        listener.send({ type: 'ping', id: `p${pings++}` });
        sent.add(pings - 1);
      }
      const held = serverSockets().reduce((sum, s) => sum + s.bufferedAmount, 0);
      maxHeld = Math.max(maxHeld, held);
      await new Promise((r) => setTimeout(r, 5));
      if (serverSockets().length <= 2) break;
    }
    // Every deaf socket is gone from the server; the two that read are still there.
    for (let i = 0; i < 200 && serverSockets().length > 2; i++) await new Promise((r) => setTimeout(r, 25));
    expect(serverSockets()).toHaveLength(2);
    // What the server held for them never passed the cap per socket (plus one update each).
    expect(maxHeld).toBeLessThanOrEqual(ATTACKERS * (SEND_BUFFER + updateBytes));
    // And the reader was answered every time.
    await listener.settle(100);
    pongs = listener.received.filter((m) => m.type === 'pong').length;
    expect(pongs).toBe(pings);
    for (const ws of deaf) ws.terminate();
    await Promise.all([listener.close(), spectator.close()]);
  });

  it('a repeated focus at an unchanged match is rendered once', async () => {
    const client = await Client.connect(srv.wsUrl);
    client.send({ type: 'hello', v: 1, table: finished, tokens: [] });
    const first = await client.takeType('update');
    const render = vi.spyOn(LiveMatch.prototype, 'update');
    try {
      for (let i = 0; i < 5; i++) {
        client.send({ type: 'focus', viewer: 'spectator' });
        expect(await client.takeType('update')).toEqual(first);
      }
      expect(render).not.toHaveBeenCalled();
      // A viewer starting elsewhere in the log is another rendering (once).
      client.send({ type: 'focus', viewer: 'spectator', lastSeq: 10 });
      client.send({ type: 'focus', viewer: 'spectator', lastSeq: 10 });
      expect((await client.takeType('update')).from).toBe(10);
      expect((await client.takeType('update')).from).toBe(10);
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      render.mockRestore();
    }
    await client.close();
  });
});
