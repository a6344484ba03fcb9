/** What the mockup and image tools journeys share: a design image made here, and the template library's first renders. */

/**
 * A design: a ground with a sun, a label and (when `band` is given) a band, 1200 × 1600 px (SPEC §5
 * wants at least 1024).
 */
export async function designImage(ground: string, band?: string): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">
    <rect width="1200" height="1600" fill="${ground}"/>
    <circle cx="600" cy="560" r="300" fill="#fde68a"/>
    <rect x="150" y="1000" width="900" height="180" rx="24" fill="#fff7ed"/>
    ${band ? `<rect x="0" y="1320" width="1200" height="140" fill="${band}"/>` : ''}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The server renders its templates after it starts listening: waits until `min` exist (or the time is up) and answers how many. */
export async function waitForTemplates(baseUrl: string, min: number, timeoutMs = 150_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/mockup/template/cate/list`);
    const body = (await res.json()) as { data: { name: string; count: number }[] | null };
    const total = (body.data ?? []).reduce((n, c) => n + c.count, 0);
    if (total >= min || Date.now() > until) return total;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
