import { describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { userRow } from '../../../test/rows.js';
import type { DesignMeta } from '../chat/index.js';
import type { ProjectRow } from '../project/index.js';
import type { PrintRepo, PrintRequestRow } from './print.repo.js';
import { createPrintService, type PrintFileMaker } from './print.service.js';

const META: DesignMeta = {
  layout_id: 'l1',
  palette: [],
  product: 'green tea',
  brand: 'Aura',
  style: [],
  color: [],
  element: [],
  box_id: 102,
  seed: 7,
  record_id: 'r1',
  prompt_index: 0,
  front_url: '/files/u/u1/front.png',
  dieline_url: '/files/u/u1/dieline.svg',
};
const PROJECT = { id: 'd1', userId: 'u1', type: 'design', logo: '', data: { designs_meta: { '/files/u/u1/pack.png': META } } } as unknown as ProjectRow;
const INPUT = {
  box: 'straight-tuck-end',
  length_mm: 60,
  width_mm: 30,
  height_mm: 120,
  material: 'WHITE_BOARD' as const,
  print: 'cmyk' as const,
  finishes: [],
  quantity: 2000,
  destination: 'DE',
  project_id: 'd1',
  image_url: '/files/u/u1/pack.png',
  factory_id: 'f1',
  contact_name: 'Ada',
  contact_email: 'ada@buyer.example',
  notes: '',
};
const BUSINESS = userRow('u1', { email: 'me@example.test', vipType: 'business_month', vipExpireTime: new Date(Date.UTC(2027, 0, 1)) });

/** The request flow on fakes: rows kept in memory, mail and warnings recorded, a print file maker given by the test. */
function setup(printFiles: PrintFileMaker) {
  const rows: PrintRequestRow[] = [];
  const mails: { to: string; text: string }[] = [];
  const warnings: string[] = [];
  const repo = {
    async insert(row: Omit<PrintRequestRow, 'createdAt'>) {
      const stored = { ...row, createdAt: new Date(0) };
      rows.push(stored);
      return stored;
    },
  } as unknown as PrintRepo;
  const service = createPrintService({
    repo,
    transact: (work) => work({ printRequests: repo }),
    access: { assertOwner: async () => PROJECT },
    factories: {
      get: async (id) => (id === 'f1' ? { id, name: 'Isar', city: 'München', country: 'Germany', sample: true, contact_email: 'f@x.example' } : null),
    },
    resolveOwnedImage: async () => {
      throw new Error('not used');
    },
    mail: {
      async send(m) {
        mails.push(m);
      },
    },
    printFiles,
    absoluteUrl: (url) => `https://packsmith.example${url}`,
    log: { warn: (_o: unknown, msg: string) => warnings.push(msg) } as unknown as Logger,
    now: () => Date.UTC(2026, 11, 2),
  });
  return { service, rows, mails, warnings };
}

describe('print request: the print-ready PDF', () => {
  it("a Business member's request keeps the file's URL, answers it and links it in the mail; the file is of the named design at the request's size", async () => {
    const asked: Parameters<PrintFileMaker['make']>[0][] = [];
    const { service, rows, mails } = setup({
      async make(src) {
        asked.push(src);
        return { url: '/files/u/u1/print.pdf' };
      },
    });
    const sent = await service.request(BUSINESS, INPUT);
    expect(sent.print_file_url).toBe('/files/u/u1/print.pdf');
    expect(rows[0]?.quote).toMatchObject({ print_file_url: '/files/u/u1/print.pdf' });
    expect(asked).toEqual([
      expect.objectContaining({
        userId: 'u1',
        design: { url: '/files/u/u1/pack.png', meta: META },
        size: { boxId: 102, dimensions: { length: 60, width: 30, height: 120 } },
      }),
    ]);
    expect(mails[0]?.text).toContain('https://packsmith.example/files/u/u1/print.pdf');
  });

  it('a non-Business request makes nothing and answers null', async () => {
    let made = 0;
    const { service, mails } = setup({
      async make() {
        made++;
        return { url: '/files/x.pdf' };
      },
    });
    const sent = await service.request(userRow('u1', { email: 'me@example.test' }), INPUT);
    expect(sent.print_file_url).toBeNull();
    expect(made).toBe(0);
    expect(mails[0]?.text).not.toContain('print-ready PDF');
  });

  it('a file that cannot be made never loses the request: stored and mailed with null, and a warning logged', async () => {
    const { service, rows, mails, warnings } = setup({
      async make() {
        throw new Error('resvg: out of memory');
      },
    });
    const sent = await service.request(BUSINESS, INPUT);
    expect(sent.print_file_url).toBeNull();
    expect(rows).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/print-ready PDF could not be made/)]);
  });
});
