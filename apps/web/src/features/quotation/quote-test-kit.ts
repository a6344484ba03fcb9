import type { Factory, Quote, Selection } from '@packsmith/contracts';

/** A factory of the sample directory. */
export function factory(over: Partial<Factory> = {}): Factory {
  return {
    id: 'f1',
    name: 'Rhein Carton Werke',
    city: 'Köln',
    country: 'Germany',
    country_code: 'DE',
    lat: 50.9,
    lng: 6.9,
    processes: ['offset', 'digital'],
    materials: ['WHITE_BOARD', 'KRAFT'],
    moq_min: 250,
    moq_max: 500000,
    lead_time_days_min: 10,
    lead_time_days_max: 15,
    certifications: ['FSC'],
    contact_email: 'sales@example.com',
    phone: '',
    website: '',
    description: '',
    sample: true,
    ...over,
  };
}

/** 1,000 straight tuck end boxes: digital below 2,000, offset from 2,000. */
export function quote(over: Partial<Quote> = {}): Quote {
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
      quantity: 1000,
      destination: 'DE',
      board: 'SBS 350 gsm',
    },
    quantity: 1000,
    unit_price: 0.742,
    total: 742,
    process: 'digital',
    ladder: [
      { quantity: 500, unit_price: 1.1, total: 550, process: 'digital' },
      { quantity: 250, unit_price: 1.6, total: 400, process: 'digital' },
      { quantity: 1000, unit_price: 0.742, total: 742, process: 'digital' },
      { quantity: 2000, unit_price: 0.52, total: 1040, process: 'offset' },
      { quantity: 5000, unit_price: 0.31, total: 1550, process: 'offset' },
    ],
    breakdown: [
      { name: 'Board', amount: 200, note: '120 sheets × €1.667' },
      { name: 'Cutting die', amount: 180, one_off: true },
      { name: 'Press run and ink', amount: 250 },
      { name: 'Margin', amount: 112 },
    ],
    moq: 250,
    lead_time_days: 12,
    crossover: { quantity: 2000, from: 'digital', to: 'offset' },
    blank: { width_mm: 250.4, height_mm: 300.2, area_m2: 0.075, sheet_width_mm: 1020, sheet_height_mm: 720, up: 8, utilisation: 0.82, weight_g: 26 },
    estimate_only: false,
    notes: ['Freight by zone: EU'],
    valid_until: Date.UTC(2026, 11, 28),
    factories: [factory(), factory({ id: 'f2', name: 'Lyon Emballage', city: 'Lyon', country: 'France', sample: false })],
    ...over,
  };
}

export const SELECTIONS: Selection[] = [
  { title: 'Size', name: 'size', value: '80 × 40 × 150 mm' },
  { title: 'Box type', name: 'box', value: 'Straight Tuck End Box' },
  { title: 'Product', name: 'product', value: 'Organic tea' },
  { title: 'Material', name: 'material', value: 'White board' },
];
