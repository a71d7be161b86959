import type { TopLevelSpec } from 'vega-lite';
import type { GameResult, SimConfig } from './play.ts';
import type { Rating } from './rating.ts';
import type { SimSummary } from './summary.ts';

/** One chart: a title and a Vega-Lite spec, rendered to inline SVG. */
interface Chart {
  readonly title: string;
  readonly spec: TopLevelSpec;
}

const WIDTH = 520;
const HEIGHT = 220;

// Vega and Vega-Lite take about half a second to load: only runs that ask for a report pay for it.
const charting = () => Promise.all([import('vega'), import('vega-lite')]);

async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const [vega, { compile }] = await charting();
  const compiled = compile({ width: WIDTH, height: HEIGHT, ...spec } as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `price.owl` → group `price`, line `owl`; keys without a dot form the group `figures`. */
function splitKey(key: string): [string, string] {
  const dot = key.indexOf('.');
  return dot < 0 ? ['figures', key] : [key.slice(0, dot), key.slice(dot + 1)];
}

/**
 * Figures keyed by seat (`vp.3`, `money.sector.0`) are relabelled with the bot in that seat, so that
 * averages over rotated line-ups compare bots rather than seats.
 */
function lineLabel(line: string, bots: readonly string[]): string {
  const match = /^(?:(.*)\.)?(\d+)$/.exec(line);
  if (!match) return line;
  const bot = bots[Number(match[2])];
  if (bot === undefined) return line;
  return match[1] ? `${match[1]} · ${bot}` : bot;
}

function overviewCharts(
  summary: SimSummary,
  ratings: readonly Rating[],
  results: readonly GameResult[],
): Chart[] {
  const ok = results.filter((r) => !r.error && !r.truncated);
  return [
    {
      title: 'Win share by seat',
      spec: {
        data: { values: summary.bySeat.map((s) => ({ seat: `seat ${s.seat}`, share: s.winShare })) },
        mark: 'bar',
        encoding: {
          x: { field: 'seat', type: 'nominal', title: null },
          y: { field: 'share', type: 'quantitative', title: 'win share', axis: { format: '%' } },
        },
      },
    },
    {
      title: 'Win share by bot, with 95% confidence intervals',
      spec: {
        data: {
          values: summary.byBot.map((b) => ({ bot: b.bot, share: b.winShare, lo: b.ci95[0], hi: b.ci95[1] })),
        },
        layer: [
          {
            mark: 'bar',
            encoding: {
              y: { field: 'share', type: 'quantitative', title: 'win share', axis: { format: '%' } },
            },
          },
          {
            mark: { type: 'rule', color: 'black' },
            encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' } },
          },
        ],
        encoding: { x: { field: 'bot', type: 'nominal', title: null } },
      },
    },
    {
      title: 'Rating (Bradley–Terry on every pair of seats, Elo scale)',
      spec: {
        data: { values: ratings.map((r) => ({ bot: r.bot, elo: Math.round(r.elo) })) },
        mark: 'bar',
        encoding: {
          x: { field: 'bot', type: 'nominal', title: null },
          y: { field: 'elo', type: 'quantitative', title: 'rating', scale: { zero: false } },
        },
      },
    },
    {
      title: 'Score distribution by bot',
      spec: {
        data: { values: ok.flatMap((r) => r.bots.map((bot, seat) => ({ bot, score: r.scores[seat] }))) },
        mark: { type: 'boxplot', extent: 'min-max' },
        encoding: {
          x: { field: 'bot', type: 'nominal', title: null },
          y: { field: 'score', type: 'quantitative', title: 'final score' },
        },
      },
    },
    {
      title: 'Game length',
      spec: {
        data: { values: ok.map((r) => ({ actions: r.actions })) },
        mark: 'bar',
        encoding: {
          x: { field: 'actions', type: 'quantitative', bin: { maxbins: 30 }, title: 'actions per game' },
          y: { aggregate: 'count', type: 'quantitative', title: 'games' },
        },
      },
    },
  ];
}

/** The game's own figures: series averaged over games by clock tick, and final figures by group. */
function gameCharts(results: readonly GameResult[]): Chart[] {
  const ok = results.filter((r) => !r.error && !r.truncated);
  const charts: Chart[] = [];
  const seriesGroups = new Map<string, Map<string, Map<number, number[]>>>();
  for (const r of ok) {
    for (const point of r.series) {
      for (const [key, value] of Object.entries(point.values)) {
        const [group, rawLine] = splitKey(key);
        const line = lineLabel(rawLine, r.bots);
        const lines = seriesGroups.get(group) ?? new Map<string, Map<number, number[]>>();
        const byClock = lines.get(line) ?? new Map<number, number[]>();
        const xs = byClock.get(point.clock);
        if (xs) xs.push(value);
        else byClock.set(point.clock, [value]);
        lines.set(line, byClock);
        seriesGroups.set(group, lines);
      }
    }
  }
  for (const [group, lines] of seriesGroups) {
    const values = [...lines].flatMap(([line, byClock]) =>
      [...byClock].map(([clock, xs]) => ({ line, clock, value: xs.reduce((a, b) => a + b, 0) / xs.length })),
    );
    charts.push({
      title: `${group} over the game (mean over ${ok.length} games)`,
      spec: {
        data: { values },
        mark: { type: 'line', point: false },
        encoding: {
          x: { field: 'clock', type: 'quantitative', title: 'turn / round' },
          y: { field: 'value', type: 'quantitative', title: group, scale: { zero: false } },
          color: { field: 'line', type: 'nominal', title: null },
        },
      },
    });
    const sample = ok[0];
    if (sample) {
      const sampleValues = sample.series.flatMap((p) =>
        Object.entries(p.values)
          .filter(([k]) => splitKey(k)[0] === group)
          .map(([k, value]) => ({
            line: `${splitKey(k)[1]} (${lineLabel(splitKey(k)[1], sample.bots)})`,
            clock: p.clock,
            value,
          })),
      );
      charts.push({
        title: `${group} in one game (game ${sample.index}, seed ${sample.seed})`,
        spec: {
          data: { values: sampleValues },
          mark: { type: 'line', interpolate: 'step-after' },
          encoding: {
            x: { field: 'clock', type: 'quantitative', title: 'turn / round' },
            y: { field: 'value', type: 'quantitative', title: group, scale: { zero: false } },
            color: { field: 'line', type: 'nominal', title: null },
          },
        },
      });
    }
  }
  const finalGroups = new Map<string, { line: string; value: number }[]>();
  for (const r of ok) {
    for (const [key, value] of Object.entries(r.final)) {
      const [group, rawLine] = splitKey(key);
      const line = lineLabel(rawLine, r.bots);
      const values = finalGroups.get(group);
      if (values) values.push({ line, value });
      else finalGroups.set(group, [{ line, value }]);
    }
  }
  for (const [group, values] of finalGroups) {
    charts.push({
      title: `${group} at the end (mean per game, with spread)`,
      spec: {
        data: { values },
        mark: { type: 'boxplot', extent: 'min-max' },
        encoding: {
          x: { field: 'line', type: 'nominal', title: null },
          y: { field: 'value', type: 'quantitative', title: group },
        },
      },
    });
  }
  return charts;
}

function summaryTable(summary: SimSummary, ratings: readonly Rating[]): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const rating = new Map(ratings.map((r) => [r.bot, r.elo]));
  const rows = summary.byBot
    .map(
      (b) =>
        `<tr><td>${escapeHtml(b.bot)}</td><td>${b.seats}</td><td>${pct(b.winShare)}</td><td>${pct(b.ci95[0])} – ${pct(b.ci95[1])}</td>` +
        `<td>${Math.round(rating.get(b.bot) ?? 1500)}</td><td>${b.score.mean.toFixed(1)} ± ${b.score.sd.toFixed(1)}</td></tr>`,
    )
    .join('');
  return `<table><tr><th>bot</th><th>seats</th><th>win share</th><th>95% CI</th><th>rating</th><th>score</th></tr>${rows}</table>`;
}

export async function buildReport(
  gameName: string,
  config: SimConfig,
  summary: SimSummary,
  ratings: readonly Rating[],
  results: readonly GameResult[],
): Promise<string> {
  const charts = [...overviewCharts(summary, ratings, results), ...gameCharts(results)];
  const figures: string[] = [];
  for (const chart of charts) {
    figures.push(
      `<figure><figcaption>${escapeHtml(chart.title)}</figcaption>${await renderSvg(chart.spec)}</figure>`,
    );
  }
  const line = `${config.players} players · ${summary.games} games · seed ${escapeHtml(config.seed)} · line-up ${escapeHtml(
    (config.bots.length ? config.bots : ['random']).join(', '),
  )}${config.rotate ? ' (rotated)' : ''} · options ${escapeHtml(JSON.stringify(config.options))}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Prosper simulation: ${escapeHtml(gameName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;max-width:1200px;color:#222}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .6rem;text-align:right}
th{background:#f3f3f3}td:first-child{text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:1.5rem}figure{margin:0}figcaption{font-weight:600;margin-bottom:.3rem}
</style></head><body>
<h1>${escapeHtml(gameName)}: simulation report</h1>
<p>${line}</p>
<p>${summary.completed}/${summary.games} games completed in ${summary.seconds.toFixed(1)} s · ${Math.round(summary.actionsPerSecond).toLocaleString('en')} actions/s ·
length ${summary.length.mean.toFixed(1)} ± ${summary.length.sd.toFixed(1)} actions</p>
${summaryTable(summary, ratings)}
<div class="charts">${figures.join('\n')}</div>
</body></html>
`;
}

/** One row per game: seeds, line-up, scores, ranks, length and the game's final figures. */
export function resultsCsv(results: readonly GameResult[]): string {
  const players = results.reduce((most, r) => Math.max(most, r.bots.length), 0);
  const finalKeys = [...new Set(results.flatMap((r) => Object.keys(r.final)))].sort();
  const header = [
    'game',
    'seed',
    ...Array.from({ length: players }, (_, s) => [`bot${s}`, `score${s}`, `rank${s}`]).flat(),
    'actions',
    'status',
    ...finalKeys,
  ];
  const cell = (v: unknown) => {
    const text = v === undefined ? '' : String(v);
    return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const rows = results.map((r) =>
    [
      r.index,
      r.seed,
      ...Array.from({ length: players }, (_, s) => [r.bots[s], r.scores[s], r.ranks[s]]).flat(),
      r.actions,
      r.error ? `error: ${r.error}` : r.truncated ? 'truncated' : 'ok',
      ...finalKeys.map((k) => r.final[k]),
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...rows].join('\n') + '\n';
}
