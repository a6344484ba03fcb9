// How much of a core this process gets right now: a fixed single-threaded loop is timed, and its
// CPU/wall ratio scales measured wall times to an estimate for an idle machine (the build machine
// is shared with other jobs).
export function coreShare() {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 2e7; i++) x = (x + i * 7) % 1000003;
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { share: Math.min(1, (c.user + c.system) / 1000 / wall), x };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
