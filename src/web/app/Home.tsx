/** The start page is the lobby: the games, the open tables, creating and joining a table. */
export { LobbyPage as Home } from '../lobby/index.ts';
