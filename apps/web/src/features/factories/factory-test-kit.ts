import type { Factory, PrintCheck, Quote } from '@packsmith/contracts';

/* Fixtures shaped exactly like the contracts' answers, for the factory and print screens' tests. */

export function factory(over: Partial<Factory> = {}): Factory {
  return {
    id: 'f1',
    name: 'Paulista Cartonagem',
    city: 'São Paulo',
    country: 'Brazil',
    country_code: 'BR',
    lat: -23.55,
    lng: -46.63,
    processes: ['offset', 'digital'],
    materials: ['WHITE_BOARD', 'KRAFT'],
    moq_min: 500,
    moq_max: 100000,
    lead_time_days_min: 12,
    lead_time_days_max: 25,
    certifications: ['FSC', 'ISO 9001'],
    contact_email: 'vendas@paulista.example',
    phone: '',
    website: 'paulista.example',
    description: '',
    sample: true,
    ...over,
  };
}

export function quote(over: Partial<Quote> = {}): Quote {
  const quantity = over.quantity ?? 1000;
  return {
    quote_id: 'q1',
    currency: 'EUR',
    box: { box_id: 102, slug: 'straight-tuck-end', name: 'Straight Tuck End Box' },
    spec: {
      length_mm: 80,
      width_mm: 40,
      height_mm: 150,
      material: 'WHITE_BOARD',
      print: 'cmyk',
      finishes: [],
      quantity,
      destination: 'DE',
      board: '350 gsm SBS',
    },
    quantity,
    unit_price: 0.74,
    total: 742,
    process: 'offset',
    ladder: [
      { quantity: 500, unit_price: 1.1, total: 550, process: 'digital' },
      { quantity: 1000, unit_price: 0.74, total: 742, process: 'offset' },
      { quantity: 5000, unit_price: 0.31, total: 1550, process: 'offset' },
    ],
    breakdown: [{ name: 'Board', amount: 120 }],
    moq: 500,
    lead_time_days: 15,
    crossover: { quantity: 800, from: 'digital', to: 'offset' },
    blank: null,
    estimate_only: false,
    notes: ['Freight by zone: EU'],
    valid_until: Date.UTC(2026, 11, 28),
    factories: [
      factory(),
      factory({ id: 'f2', name: 'Shenzhen Print Works', city: 'Shenzhen', country: 'China', country_code: 'CN', lat: 22.54, lng: 114.06 }),
    ],
    ...over,
  };
}

export function printCheck(over: Partial<PrintCheck> = {}): PrintCheck {
  return {
    project_id: 'p1',
    image_url: 'https://cdn.example/design.png',
    box: { box_id: 102, slug: 'straight-tuck-end', name: 'Straight Tuck End Box' },
    length_mm: 80,
    width_mm: 40,
    height_mm: 150,
    dieline_url: '/api/files/dieline-p1.svg',
    front_url: 'https://cdn.example/front.png',
    sheet_width_mm: 290,
    sheet_height_mm: 330,
    bleed_mm: 3,
    safe_mm: 3,
    checks: [
      { name: 'Bleed', ok: true, detail: '3 mm on every edge.' },
      { name: 'Resolution', ok: false, detail: 'The front is 150 dpi at print size; 300 dpi prints sharp.' },
    ],
    print_ready_allowed: false,
    ...over,
  };
}
