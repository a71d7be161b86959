/**
 * The rules documents, each its own chunk: a page loads only its game's text. The markdown comes
 * from `docs/rules/` at build time (Vite's `?raw`), so the site shows exactly what the repository says.
 */
export const RULES_DOCS: Readonly<Record<string, () => Promise<string>>> = {
  prospectus: () => import('../../../docs/rules/prospectus.md?raw').then((m) => m.default),
  prosperitea: () => import('../../../docs/rules/prosperitea.md?raw').then((m) => m.default),
  'pocket-imperium': () => import('../../../docs/rules/pocket-imperium.md?raw').then((m) => m.default),
};
