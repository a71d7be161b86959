export * from './json.ts';
export * from './json-bounds.ts';
export * from './rng.ts';
export * from './arrays.ts';
export * from './game.ts';
export * from './bot.ts';
export * from './match.ts';
export * from './conformance.ts';
