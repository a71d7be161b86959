/**
 * The players' guides, each its own chunk: a page loads only its game's text. The markdown comes
 * from `docs/play/` at build time (Vite's `?raw`); its pictures are the build's assets, named after
 * their content, with the sizes `scripts/play-pictures.ts` recorded.
 */
import sizes from '../../../docs/play/images/sizes.json';
import type { Picture } from './guide.ts';

export const PLAY_DOCS: Readonly<Record<string, () => Promise<string>>> = {
  prospectus: () => import('../../../docs/play/prospectus.md?raw').then((m) => m.default),
  prosperitea: () => import('../../../docs/play/prosperitea.md?raw').then((m) => m.default),
  'pocket-imperium': () => import('../../../docs/play/pocket-imperium.md?raw').then((m) => m.default),
};

const URLS = import.meta.glob<string>('../../../docs/play/images/*/*.webp', {
  eager: true,
  query: '?url',
  import: 'default',
});
const SIZES: Readonly<Record<string, readonly number[]>> = sizes.pictures;

/** A picture as the markdown names it (`images/<game>/<name>.webp`, relative to docs/play/). */
export function picture(src: string): Picture | undefined {
  const path = /^images\/([a-z0-9-]+\/[a-z0-9-]+\.webp)$/.exec(src)?.[1];
  const url = path && URLS[`../../../docs/play/images/${path}`];
  const size = path && SIZES[path];
  return url && size ? { url, width: size[0]!, height: size[1]! } : undefined;
}
