/**
 * The Prosper protocol: every HTTP body and WebSocket message between the server and its clients
 * (web client, tests, load test), as zod schemas with their inferred types. It depends on zod and
 * the core's plain-JSON bounds only, so a browser bundle can import it. See docs/server.md for examples of each message.
 */
export * from './common.ts';
export * from './http.ts';
export * from './ws.ts';
export * from './replay.ts';
export * from './defaults.ts';
