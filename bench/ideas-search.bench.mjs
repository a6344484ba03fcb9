// Design-idea search latency over 10,000 ideas: a real server on a fresh embedded database (PGlite),
// 10,000 generated ideas inserted through the ideas repository (brands and products varied from the
// seed briefs, random catalogue styles, colours and elements), then a mix of keyword searches, tag
// searches and filtered category lists over HTTP, each timed end to end (p50 / p95 / max).
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const N = Number(process.env.BENCH_IDEAS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const QUERIES = [
  ['search', { keyword: 'coffee' }],
  ['search', { keyword: 'organic tea' }],
  ['search', { keyword: 'minimalist' }],
  ['search', { keyword: 'boho serum' }],
  ['search', { keyword: 'navy gold luxury' }],
  ['search', { keyword: 'Lumière' }],
  ['search', { keyword: 'kids toys rocket' }],
  ['search', { keyword: 'dark roast coffee beans' }],
  ['search', { keyword: '' }],
  ['search', { keyword: 'zzqx nothing' }],
  ['search', { keyword: '抹茶' }],
  ['search', { keyword: 'sakura', page_index: 3 }],
  ['search/tag', { keyword: 'art-deco' }],
  ['search/tag', { keyword: 'Boho' }],
  ['package/list', { cate: 'Food & Beverages' }],
  ['package/list', { cate: 'Electronics', style: 'minimalist', color: 'black' }],
  ['package/list', { box: 'stand-up-pouch', sort: 'newest', page_index: 5 }],
];

export default async function ideasSearchBench() {
  const { startTestServer } = await tsImport('../apps/server/test/harness.ts', import.meta.url);
  const { IDEA_BRIEFS } = await tsImport('../apps/server/src/modules/ideas/idea-briefs.ts', import.meta.url);
  const { createIdeasRepo } = await tsImport('../apps/server/src/modules/ideas/ideas.repo.ts', import.meta.url);
  const { fileIdea } = await tsImport('../apps/server/src/modules/ideas/idea-rules.ts', import.meta.url);
  const { searchTexts } = await tsImport('../apps/server/src/modules/ideas/idea-text.ts', import.meta.url);
  const { STYLE_TAGS, COLOUR_TAGS, KEYWORD_TAGS, BOX_TYPES, DESIGN_IDEA_CATEGORIES } = await tsImport('../packages/contracts/src/index.ts', import.meta.url);
  const server = await startTestServer();
  try {
    const repo = createIdeasRepo(server.built.database.db);
    await repo.ensureSystemUser('_packsmith', 'Packsmith');
    const rand = rng(42);
    const pick = (xs) => xs[Math.floor(rand() * xs.length)];
    const words = ['Nova', 'Terra', 'Bloom', 'Lark', 'Fable', 'Quill', 'Ember', 'Saffron', 'Juniper', 'Halo', 'Mosaic', 'Tidal'];
    const t0 = performance.now();
    for (let i = 0; i < N; i++) {
      const b = IDEA_BRIEFS[i % IDEA_BRIEFS.length];
      const brand = `${pick(words)} ${b.brand}`;
      const style = [pick(STYLE_TAGS).slug, ...b.style.slice(0, 1)];
      const color = [pick(COLOUR_TAGS).slug, pick(COLOUR_TAGS).slug];
      const element = [pick(KEYWORD_TAGS).slug];
      const box = pick(BOX_TYPES);
      const filing = fileIdea({ name: b.product, product: b.product, brand, box: [box.slug], style, color, element });
      await repo.insertSeedOnce({
        id: `bench${i}`,
        userId: '_packsmith',
        type: 'design',
        name: `${brand} ${b.product}`,
        product: b.product,
        brand,
        box: [box.slug],
        style,
        color,
        element,
        resultList: [[`/files/u/_packsmith/2026/12/bench${String(i).padStart(12, '0')}.png`]],
        isPublic: true,
        ideaCategory: i % 10 === 0 ? pick(DESIGN_IDEA_CATEGORIES).name : b.category,
        tags: filing.tags,
        palette: color.map((c) => COLOUR_TAGS.find((t) => t.slug === c)?.hex ?? '#808080'),
        ideaBox: box.slug,
        story: b.story,
        seedKey: `bench-${i}`,
        likeCount: Math.floor(rand() * 50),
        viewCount: Math.floor(rand() * 500),
        publishedAt: new Date(Date.now() - i * 60_000),
        ...searchTexts({ brand, product: b.product, name: b.product, tags: filing.tags, extraTags: [box.name], story: b.story }),
      });
    }
    const insertMs = performance.now() - t0;
    const get = async (path, q) => {
      const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
      const t = performance.now();
      const res = await fetch(`${server.url}/api/project/${path}?${qs}`);
      const body = await res.json();
      const ms = performance.now() - t;
      if (body.code !== 0) throw new Error(`${path} ${qs}: ${body.msg}`);
      return { ms, total: body.data.total };
    };
    for (const [path, q] of QUERIES) await get(path, q); // warm-up
    const times = [];
    const searchTimes = [];
    const totals = {};
    for (let r = 0; r < ROUNDS; r++) {
      for (const [path, q] of QUERIES) {
        const { ms, total } = await get(path, q);
        times.push(ms);
        if (path === 'search') searchTimes.push(ms);
        totals[`${path} ${JSON.stringify(q)}`] = total;
      }
    }
    const all = stats(times);
    const search = stats(searchTimes);
    const fmt = (s) => `p50 ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} / max ${s.max.toFixed(1)} ms (n=${s.n})`;
    return {
      name: `design-idea search over ${N.toLocaleString('en')} ideas (HTTP, PGlite)`,
      figures: {
        'insert through the repo, s': (insertMs / 1000).toFixed(1),
        'keyword search': fmt(search),
        'every call of the mix': fmt(all),
        'hits: coffee / boho serum / minimalist': `${totals['search {"keyword":"coffee"}']} / ${totals['search {"keyword":"boho serum"}']} / ${totals['search {"keyword":"minimalist"}']}`,
      },
      aim: 'keyword search p95 < 50 ms',
      pass: search.p95 < 50,
    };
  } finally {
    await server.close();
  }
}
