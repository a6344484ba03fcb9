// The design-idea gallery's seed as a first start runs it: a real server (embedded database) renders
// every brief with the real design engine in the background. Two runs: the default (DESIGN_IDEAS_SIZE
// 768, 2 designs per idea) and the e2e seed (256 px, 1 design). Wall time from startSeeding to the
// last idea stored, and per idea. Set BENCH_IDEAS_RUNS=e2e to measure only the small one.
import { tsImport } from 'tsx/esm/api';

const RUNS = {
  default: { DESIGN_IDEAS_SIZE: '768', DESIGN_IDEAS_DESIGNS: '2' },
  e2e: { DESIGN_IDEAS_SIZE: '256', DESIGN_IDEAS_DESIGNS: '1' },
};

export default async function ideasSeedBench() {
  const { startTestServer } = await tsImport('../apps/server/test/harness.ts', import.meta.url);
  const { IDEA_BRIEFS } = await tsImport('../apps/server/src/modules/ideas/idea-briefs.ts', import.meta.url);
  const { warmUpDesignEngine } = await tsImport('../apps/server/src/modules/chat/index.ts', import.meta.url);
  await warmUpDesignEngine();
  const wanted = (process.env.BENCH_IDEAS_RUNS ?? 'default,e2e').split(',');
  const figures = {};
  let defaultMs = null;
  for (const name of wanted) {
    const env = RUNS[name];
    if (!env) throw new Error(`unknown run ${name}`);
    // Seeding starts on listen; the harness default (0) is overridden so the server seeds everything.
    const started = performance.now();
    const server = await startTestServer({ DESIGN_IDEAS_SEED: 'all', ...env });
    try {
      const report = await server.built.services.ideaSeeding.startSeeding();
      const ms = performance.now() - started;
      if (name === 'default') defaultMs = ms;
      const label = `${name} (${env.DESIGN_IDEAS_SIZE} px × ${env.DESIGN_IDEAS_DESIGNS})`;
      figures[`${label}: ideas created / failed`] = `${report.created} / ${report.failed} of ${IDEA_BRIEFS.length}`;
      figures[`${label}: wall s (server start included)`] = (ms / 1000).toFixed(1);
      figures[`${label}: per idea ms`] = Math.round(ms / Math.max(1, report.created));
    } finally {
      await server.close();
    }
  }
  return {
    name: `design-idea seed: ${IDEA_BRIEFS.length} briefs through the design engine`,
    figures,
    aim: 'the e2e seed well under a minute; the default seed in the background within a few minutes',
    pass: defaultMs === null || defaultMs < 600_000,
  };
}
