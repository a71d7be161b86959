/**
 * What the tests of the players' guides share: the guides rendered as the page renders them (with
 * the pictures found on disk), the rule ids a refusal may carry, and WebP sizes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ABILITY_IDS, SPELL_IDS } from '../../src/games/prospectus/data.ts';
import { renderGuide } from '../../src/web/play/guide.ts';
import type { Picture } from '../../src/web/play/guide.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const PLAY = join(ROOT, 'docs/play');
export const IMAGES = join(PLAY, 'images');
export const GAMES = ['prospectus', 'prosperitea', 'pocket-imperium'] as const;
export const SIZES = (
  JSON.parse(readFileSync(join(IMAGES, 'sizes.json'), 'utf8')) as {
    pictures: Record<string, [number, number]>;
  }
).pictures;

/** The core ids a refusal may carry (docs/architecture.md, "Rule ids"). */
export const CORE_IDS = ['core.seat', 'core.action-shape', 'core.game-over', 'core.turn', 'core.internal'];

/** Rule ids as docs/rules/<game>.md defines them: a list item opening with the id in code, maybe bold. */
export function definedRules(game: string): string[] {
  const markdown = readFileSync(join(ROOT, 'docs/rules', `${game}.md`), 'utf8');
  const ids = [...markdown.matchAll(/^\s*[-*] (?:\*\*)?`([a-z0-9-]+(?:\.[a-z0-9-]+)+)`/gm)].map((m) => m[1]!);
  return [...new Set(ids.map((id) => (id.startsWith(`${game}.`) ? id : `${game}.${id}`)))];
}

/** Every file under a directory, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)],
  );
}

/**
 * Every id a refusal of this game may carry: the ones docs/rules/<game>.md defines or names in full,
 * the ones the engine's source names (in full, or Pocket Imperium's `illegal('plan.order', …)`),
 * Prospectus's spells and abilities, and the core's.
 */
export function refusableRules(game: string): string[] {
  const doc = readFileSync(join(ROOT, 'docs/rules', `${game}.md`), 'utf8');
  const source = filesUnder(join(ROOT, 'src/games', game))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const full = new RegExp(`['\`]\\s*(${game}\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*)['\`]`, 'g');
  const named = [...doc.matchAll(full), ...source.matchAll(full)].map((m) => m[1]!);
  const short = [...source.matchAll(/illegal\(\s*'([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g)].map((m) =>
    m[1]!.startsWith(`${game}.`) ? m[1]! : `${game}.${m[1]!}`,
  );
  const extra =
    game === 'prospectus'
      ? [
          ...SPELL_IDS.map((id) => `prospectus.spell.${id}`),
          ...ABILITY_IDS.map((id) => `prospectus.ability.${id}`),
        ]
      : [];
  return [...new Set([...definedRules(game), ...named, ...short, ...extra, ...CORE_IDS])];
}

/** A WebP file's size in pixels (RIFF header, then a VP8, VP8L or VP8X chunk). */
export function webpSize(file: string): [number, number] {
  const b = readFileSync(file);
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP')
    throw new Error(`${file} is not a WebP file`);
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return [b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff];
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') return [b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1];
  throw new Error(`${file}: unknown WebP chunk ${chunk}`);
}

/** Pictures as the page finds them, from the files and sizes.json (the build finds the same). */
export function pictureOnDisk(src: string): Picture | undefined {
  const path = /^images\/(.+)$/.exec(src)?.[1];
  const size = path ? SIZES[path] : undefined;
  if (!path || !size || !existsSync(join(IMAGES, path))) return undefined;
  return { url: `/${path}`, width: size[0], height: size[1] };
}

export const guideOf = (game: string) =>
  renderGuide(readFileSync(join(PLAY, `${game}.md`), 'utf8'), game, pictureOnDisk);
