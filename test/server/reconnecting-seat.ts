/**
 * A player who keeps playing through server trouble, as the web client does: random legal actions
 * (`RandomPlayer`), and when the server drops the connection (a failed commit closes it with 1011)
 * or refuses the `hello` (`storage_failed` while the database is down), it reconnects with the last
 * `seq` it saw, after a short pause, until stopped or the match is over. It records every action
 * acknowledged to it, when, and every error code it was answered.
 */
import { Client, RandomPlayer } from './harness.ts';
import type { ServerMessage } from '../../src/protocol/index.ts';

export interface SeatAck {
  readonly seq: number;
  readonly seat: number;
  readonly action: unknown;
}

const RETRY_MS = 200;

export class ReconnectingSeat {
  /** Every acknowledged action, with the seq it was stored as. */
  readonly acks: SeatAck[] = [];
  /** When each `ack` arrived (Date.now()), in order. */
  readonly ackTimes: number[] = [];
  /** Error codes received (answers to acts and to hellos), with when. */
  readonly errors: { readonly code: string; readonly at: number }[] = [];
  /** Schema failures and anything else a well-behaved server never sends. */
  readonly problems: string[] = [];
  connections = 0;
  finished = false;
  private lastSeq: number | undefined;
  private stopped = false;
  private current: Client | undefined;
  private readonly running: Promise<void>;

  constructor(
    private readonly wsUrl: string,
    readonly table: string,
    readonly seat: number,
    private readonly token: string,
    private readonly seed: string,
  ) {
    this.running = this.loop();
  }

  /** Stops acting, closes the connection, and resolves once the seat has settled. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.current?.close();
    await this.running;
  }

  private async loop(): Promise<void> {
    for (let round = 0; !this.stopped && !this.finished; round++) {
      const client = await this.hello();
      if (!client) {
        await new Promise((r) => setTimeout(r, RETRY_MS));
        continue;
      }
      this.current = client;
      this.connections++;
      client.socket.on('message', (data) => this.watch(JSON.parse(data.toString()) as ServerMessage));
      const player = new RandomPlayer(client, this.seat, `${this.seed}:${round}`);
      player.start();
      const closed = new Promise<void>((resolve) => client.socket.once('close', () => resolve()));
      await Promise.race([closed, player.done.then(() => (this.finished = true))]);
      this.acks.push(...player.acks);
      for (const problem of player.problems)
        if (!/"code":"(storage_failed|busy)"/.test(problem)) this.problems.push(problem);
      this.problems.push(...client.invalid);
      this.lastSeq =
        client
          .updates()
          .filter((u) => u.viewer === this.seat)
          .at(-1)?.seq ?? this.lastSeq;
      await client.close();
      this.current = undefined;
      if (!this.finished && !this.stopped) await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }

  /** Opens a connection and says hello; undefined (connection closed) if the server refuses it. */
  private async hello(): Promise<Client | undefined> {
    let client: Client;
    try {
      client = await Client.connect(this.wsUrl);
    } catch {
      return undefined;
    }
    client.send({
      type: 'hello',
      v: 1,
      table: this.table,
      tokens: [this.token],
      ...(this.lastSeq === undefined ? {} : { lastSeq: this.lastSeq }),
    });
    try {
      const first = await client.take(
        (m): m is Extract<ServerMessage, { type: 'welcome' | 'error' }> =>
          m.type === 'welcome' || m.type === 'error',
      );
      if (first.type === 'welcome') return client;
      this.errors.push({ code: first.code, at: Date.now() });
    } catch {
      // Closed or silent: try again.
    }
    await client.close();
    return undefined;
  }

  private watch(message: ServerMessage): void {
    if (message.type === 'ack') this.ackTimes.push(Date.now());
    else if (message.type === 'error') this.errors.push({ code: message.code, at: Date.now() });
  }
}
