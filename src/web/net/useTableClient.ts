/** The table page's hook: one `TableClient` per table and set of tokens, for as long as the page shows it. */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Viewer } from '../../protocol/index.ts';
import { TableClient } from './client.ts';
import type { TableSnapshot } from './client.ts';

export function useTableClient(
  table: string,
  tokens: readonly string[],
  focus?: Viewer,
): { client: TableClient; snapshot: TableSnapshot } {
  const key = `${table}|${tokens.join(',')}|${focus ?? ''}`;
  const [entry, setEntry] = useState(() => ({
    key,
    client: new TableClient({ table, tokens, ...(focus === undefined ? {} : { focus }) }),
  }));
  // A new table or new tokens (a rematch, a seat taken) is a new connection.
  const current =
    entry.key === key
      ? entry
      : { key, client: new TableClient({ table, tokens, ...(focus === undefined ? {} : { focus }) }) };
  if (current !== entry) setEntry(current);
  const { client } = current;
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  const snapshot = useSyncExternalStore(client.subscribe, client.snapshot);
  return { client, snapshot };
}
