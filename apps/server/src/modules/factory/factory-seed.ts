import type { Factory, FactoryProcess, MaterialType } from '@packsmith/contracts';
import { foldCity } from './fold.js';

/**
 * The sample directory (docs/FACTORIES.md): fictional makers in real cities, seeded once into an
 * empty `factories` table and marked `sample: true` until an admin replaces them. Names are made up,
 * emails and websites are on the reserved `.example` domain, and no phone numbers are given, so no
 * real business is ever contacted through the sample data.
 */

type Continent = 'Asia' | 'Europe' | 'North America' | 'South America' | 'Africa' | 'Oceania';

interface SeedCity {
  city: string;
  country: string;
  countryCode: string;
  continent: Continent;
  lat: number;
  lng: number;
}

const CITIES = {
  shenzhen: { city: 'Shenzhen', country: 'China', countryCode: 'CN', continent: 'Asia', lat: 22.54, lng: 114.06 },
  dongguan: { city: 'Dongguan', country: 'China', countryCode: 'CN', continent: 'Asia', lat: 23.02, lng: 113.75 },
  guangzhou: { city: 'Guangzhou', country: 'China', countryCode: 'CN', continent: 'Asia', lat: 23.13, lng: 113.26 },
  shanghai: { city: 'Shanghai', country: 'China', countryCode: 'CN', continent: 'Asia', lat: 31.23, lng: 121.47 },
  ningbo: { city: 'Ningbo', country: 'China', countryCode: 'CN', continent: 'Asia', lat: 29.87, lng: 121.54 },
  xiamen: { city: 'Xiamen', country: 'China', countryCode: 'CN', continent: 'Asia', lat: 24.48, lng: 118.09 },
  hcmc: { city: 'Ho Chi Minh City', country: 'Vietnam', countryCode: 'VN', continent: 'Asia', lat: 10.82, lng: 106.63 },
  bangkok: { city: 'Bangkok', country: 'Thailand', countryCode: 'TH', continent: 'Asia', lat: 13.76, lng: 100.5 },
  mumbai: { city: 'Mumbai', country: 'India', countryCode: 'IN', continent: 'Asia', lat: 19.08, lng: 72.88 },
  istanbul: { city: 'Istanbul', country: 'Türkiye', countryCode: 'TR', continent: 'Europe', lat: 41.01, lng: 28.98 },
  poznan: { city: 'Poznań', country: 'Poland', countryCode: 'PL', continent: 'Europe', lat: 52.41, lng: 16.93 },
  lodz: { city: 'Łódź', country: 'Poland', countryCode: 'PL', continent: 'Europe', lat: 51.76, lng: 19.46 },
  milano: { city: 'Milano', country: 'Italy', countryCode: 'IT', continent: 'Europe', lat: 45.46, lng: 9.19 },
  barcelona: { city: 'Barcelona', country: 'Spain', countryCode: 'ES', continent: 'Europe', lat: 41.39, lng: 2.17 },
  lyon: { city: 'Lyon', country: 'France', countryCode: 'FR', continent: 'Europe', lat: 45.76, lng: 4.84 },
  munchen: { city: 'München', country: 'Germany', countryCode: 'DE', continent: 'Europe', lat: 48.14, lng: 11.58 },
  leipzig: { city: 'Leipzig', country: 'Germany', countryCode: 'DE', continent: 'Europe', lat: 51.34, lng: 12.37 },
  birmingham: { city: 'Birmingham', country: 'United Kingdom', countryCode: 'GB', continent: 'Europe', lat: 52.49, lng: -1.89 },
  manchester: { city: 'Manchester', country: 'United Kingdom', countryCode: 'GB', continent: 'Europe', lat: 53.48, lng: -2.24 },
  toronto: { city: 'Toronto', country: 'Canada', countryCode: 'CA', continent: 'North America', lat: 43.65, lng: -79.38 },
  losangeles: { city: 'Los Angeles', country: 'United States', countryCode: 'US', continent: 'North America', lat: 34.05, lng: -118.24 },
  chicago: { city: 'Chicago', country: 'United States', countryCode: 'US', continent: 'North America', lat: 41.88, lng: -87.63 },
  monterrey: { city: 'Monterrey', country: 'Mexico', countryCode: 'MX', continent: 'North America', lat: 25.69, lng: -100.32 },
  saopaulo: { city: 'São Paulo', country: 'Brazil', countryCode: 'BR', continent: 'South America', lat: -23.55, lng: -46.63 },
  johannesburg: { city: 'Johannesburg', country: 'South Africa', countryCode: 'ZA', continent: 'Africa', lat: -26.2, lng: 28.05 },
  sydney: { city: 'Sydney', country: 'Australia', countryCode: 'AU', continent: 'Oceania', lat: -33.87, lng: 151.21 },
  melbourne: { city: 'Melbourne', country: 'Australia', countryCode: 'AU', continent: 'Oceania', lat: -37.81, lng: 144.96 },
} as const satisfies Record<string, SeedCity>;
type CityId = keyof typeof CITIES;

/** What a kind of plant makes and from what: the directory's variety comes from these. */
const PROFILES = {
  carton: { processes: ['offset', 'digital'], materials: ['WHITE_BOARD', 'KRAFT'], what: 'folding cartons, offset and digital' },
  shortRun: { processes: ['digital', 'labels'], materials: ['WHITE_BOARD', 'KRAFT', 'PLASTIC_MATT'], what: 'short-run digital cartons and labels' },
  corrugated: { processes: ['corrugated', 'flexo', 'digital'], materials: ['FLUTE', 'KRAFT'], what: 'corrugated mailers and shipping boxes' },
  rigid: { processes: ['rigid_boxes', 'offset'], materials: ['WHITE_BOARD', 'KRAFT'], what: 'rigid set-up boxes and gift boxes' },
  flexible: {
    processes: ['flexible_packaging', 'flexo', 'digital'],
    materials: ['PLASTIC_GLOSSY', 'PLASTIC_MATT', 'KRAFT'],
    what: 'pouches, sachets and film',
  },
  labels: { processes: ['labels', 'flexo', 'digital'], materials: ['WHITE_BOARD', 'PLASTIC_GLOSSY', 'PLASTIC_MATT'], what: 'self-adhesive and sleeve labels' },
  bottles: { processes: ['bottles', 'labels'], materials: ['GLASS_GLOSSY', 'GLASS_MATT', 'PLASTIC_GLOSSY'], what: 'glass and PET bottles and jars, decorated' },
  cans: { processes: ['cans'], materials: ['METAL_GLOSSY', 'METAL_MATT'], what: 'printed aluminium and tinplate cans and tins' },
  full: {
    processes: ['offset', 'digital', 'flexo', 'corrugated', 'rigid_boxes'],
    materials: ['WHITE_BOARD', 'KRAFT', 'FLUTE'],
    what: 'cartons, corrugated and rigid boxes under one roof',
  },
  cartonFlexo: {
    processes: ['offset', 'flexo', 'labels'],
    materials: ['WHITE_BOARD', 'KRAFT', 'PLASTIC_GLOSSY'],
    what: 'high-volume cartons and wrap-around labels',
  },
} as const satisfies Record<string, { processes: readonly FactoryProcess[]; materials: readonly MaterialType[]; what: string }>;
type ProfileId = keyof typeof PROFILES;

/** [city, name, profile, moq min, moq max, lead days min, lead days max, certifications] */
type Row = readonly [CityId, string, ProfileId, number, number, number, number, readonly string[]];

const ROWS: readonly Row[] = [
  ['shenzhen', 'Pearl Fold Carton Works', 'carton', 1000, 200000, 12, 20, ['FSC', 'ISO 9001']],
  ['shenzhen', 'Lantern Bay Rigid Box Co.', 'rigid', 500, 50000, 18, 30, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['shenzhen', 'Kite Street Digital Print', 'shortRun', 100, 5000, 5, 9, ['ISO 9001']],
  ['dongguan', 'Nine Bridges Corrugated', 'corrugated', 500, 300000, 10, 18, ['FSC', 'ISO 9001']],
  ['dongguan', 'Jade Hill Packaging Group', 'full', 1000, 500000, 14, 25, ['FSC', 'ISO 9001', 'ISO 14001', 'G7']],
  ['dongguan', 'Riverbend Flexibles', 'flexible', 5000, 1000000, 15, 25, ['BRCGS', 'ISO 9001']],
  ['guangzhou', 'Cotton Tree Cosmetics Packs', 'cartonFlexo', 2000, 300000, 14, 24, ['FSC', 'ISO 9001', 'G7']],
  ['guangzhou', 'Five Rams Glassworks', 'bottles', 5000, 500000, 25, 40, ['ISO 9001', 'ISO 14001']],
  ['guangzhou', 'Orchid Lane Gift Boxes', 'rigid', 300, 30000, 20, 32, ['FSC']],
  ['shanghai', 'Bund Line Label Studio', 'labels', 1000, 500000, 7, 14, ['ISO 9001', 'G7']],
  ['shanghai', 'Huangpu Tin & Can Works', 'cans', 10000, 1000000, 25, 45, ['ISO 9001', 'BRCGS']],
  ['shanghai', 'Silkroad Carton Atelier', 'carton', 500, 100000, 10, 18, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['ningbo', 'Harbour Gate Corrugated', 'corrugated', 1000, 500000, 10, 20, ['FSC', 'ISO 9001']],
  ['ningbo', 'Seastone Film & Pouch', 'flexible', 10000, 1000000, 18, 28, ['BRCGS', 'ISO 9001', 'ISO 14001']],
  ['xiamen', 'Egret Island Packaging', 'full', 1000, 300000, 14, 24, ['FSC', 'ISO 9001']],
  ['xiamen', 'Tea Leaf Tin Co.', 'cans', 3000, 200000, 20, 35, ['ISO 9001']],
  ['hcmc', 'Saigon River Cartons', 'carton', 1000, 150000, 14, 22, ['FSC', 'ISO 9001']],
  ['hcmc', 'Lotus Delta Corrugated', 'corrugated', 500, 200000, 10, 18, ['FSC']],
  ['hcmc', 'Mekong Pouch Makers', 'flexible', 5000, 500000, 18, 30, ['BRCGS']],
  ['bangkok', 'Chao Phraya Print & Pack', 'cartonFlexo', 2000, 300000, 12, 20, ['FSC', 'ISO 9001', 'BRCGS']],
  ['bangkok', 'Orchid Bottle Company', 'bottles', 3000, 300000, 21, 35, ['ISO 9001', 'ISO 14001']],
  ['mumbai', 'Marine Drive Cartons', 'carton', 1000, 200000, 12, 21, ['FSC', 'ISO 9001']],
  ['mumbai', 'Monsoon Label Works', 'labels', 1000, 300000, 7, 14, ['ISO 9001']],
  ['mumbai', 'Gateway Rigid Boxes', 'rigid', 500, 40000, 18, 30, ['FSC']],
  ['istanbul', 'Bosphorus Ambalaj Atölyesi', 'full', 1000, 200000, 10, 18, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['istanbul', 'Golden Horn Flexibles', 'flexible', 3000, 400000, 12, 21, ['BRCGS', 'ISO 9001']],
  ['poznan', 'Warta Tektura Works', 'corrugated', 300, 200000, 7, 14, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['poznan', 'Stary Rynek Print House', 'carton', 500, 100000, 8, 15, ['FSC', 'ISO 9001', 'G7']],
  ['poznan', 'Cytadela Short Run', 'shortRun', 50, 3000, 4, 8, ['FSC']],
  ['lodz', 'Piotrkowska Box Makers', 'rigid', 250, 20000, 12, 22, ['FSC', 'ISO 9001']],
  ['lodz', 'Manufaktura Label Co.', 'labels', 1000, 300000, 6, 12, ['ISO 9001', 'BRCGS']],
  ['lodz', 'Włókniarz Carton Mill', 'cartonFlexo', 2000, 250000, 9, 16, ['FSC', 'ISO 14001']],
  ['milano', 'Navigli Cartotecnica', 'carton', 500, 80000, 8, 15, ['FSC', 'ISO 9001', 'G7']],
  ['milano', 'Brera Luxury Boxes', 'rigid', 200, 15000, 15, 28, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['milano', 'Lombardia Vetri Decorati', 'bottles', 2000, 200000, 20, 35, ['ISO 9001', 'ISO 14001']],
  ['barcelona', 'Eixample Envases', 'full', 500, 150000, 8, 16, ['FSC', 'ISO 9001']],
  ['barcelona', 'Mediterrània Etiquetes', 'labels', 1000, 200000, 5, 10, ['ISO 9001', 'BRCGS']],
  ['lyon', 'Deux Fleuves Cartonnage', 'carton', 500, 100000, 8, 15, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['lyon', 'Croix-Rousse Atelier Numérique', 'shortRun', 50, 2000, 3, 7, ['FSC']],
  ['lyon', 'Presqu’île Boîtes Métal', 'cans', 5000, 300000, 18, 30, ['ISO 9001', 'BRCGS']],
  ['munchen', 'Isar Faltschachtel Werk', 'carton', 1000, 200000, 7, 14, ['FSC', 'ISO 9001', 'ISO 14001', 'G7']],
  ['munchen', 'Alpenblick Wellpappe', 'corrugated', 300, 250000, 6, 12, ['FSC', 'ISO 9001']],
  ['leipzig', 'Messestadt Druck & Verpackung', 'full', 500, 200000, 7, 14, ['FSC', 'ISO 9001']],
  ['leipzig', 'Auwald Folien', 'flexible', 3000, 500000, 10, 20, ['BRCGS', 'ISO 9001', 'ISO 14001']],
  ['leipzig', 'Buchstadt Digital', 'shortRun', 50, 5000, 3, 7, ['FSC', 'G7']],
  ['birmingham', 'Bullring Carton Company', 'carton', 1000, 150000, 8, 15, ['FSC', 'ISO 9001', 'BRCGS']],
  ['birmingham', 'Jewellery Quarter Boxes', 'rigid', 250, 20000, 14, 25, ['FSC']],
  ['manchester', 'Ancoats Corrugated', 'corrugated', 250, 150000, 5, 10, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['manchester', 'Irwell Label Mill', 'labels', 500, 250000, 5, 10, ['ISO 9001', 'BRCGS']],
  ['toronto', 'Lakeshore Folding Cartons', 'carton', 1000, 200000, 10, 18, ['FSC', 'ISO 9001', 'G7']],
  ['toronto', 'Don Valley Flexibles', 'flexible', 5000, 500000, 14, 24, ['BRCGS', 'ISO 9001']],
  ['losangeles', 'Sunset Strip Packaging', 'full', 500, 200000, 8, 16, ['FSC', 'ISO 9001']],
  ['losangeles', 'Arroyo Digital Box Lab', 'shortRun', 25, 2500, 3, 7, ['FSC']],
  ['losangeles', 'Pacific Can Collective', 'cans', 5000, 500000, 14, 28, ['ISO 9001', 'BRCGS']],
  ['chicago', 'Lakefront Corrugated Supply', 'corrugated', 500, 500000, 6, 12, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['chicago', 'Prairie Label & Carton', 'cartonFlexo', 2000, 400000, 10, 18, ['FSC', 'ISO 9001', 'G7']],
  ['monterrey', 'Cerro de la Silla Empaques', 'full', 1000, 300000, 10, 20, ['FSC', 'ISO 9001']],
  ['monterrey', 'Norteño Vidrio y Envase', 'bottles', 5000, 1000000, 21, 40, ['ISO 9001', 'ISO 14001']],
  ['saopaulo', 'Paulista Cartuchos', 'carton', 1000, 200000, 12, 22, ['FSC', 'ISO 9001']],
  ['saopaulo', 'Ipiranga Embalagens Flexíveis', 'flexible', 5000, 500000, 15, 25, ['BRCGS', 'ISO 9001']],
  ['saopaulo', 'Vila Madalena Caixas Rígidas', 'rigid', 300, 20000, 18, 30, ['FSC']],
  ['johannesburg', 'Highveld Corrugated', 'corrugated', 500, 200000, 8, 16, ['FSC', 'ISO 9001']],
  ['johannesburg', 'Gold Reef Print & Pack', 'cartonFlexo', 1000, 150000, 10, 20, ['FSC', 'ISO 9001', 'BRCGS']],
  ['sydney', 'Harbourside Carton Co.', 'carton', 500, 100000, 8, 16, ['FSC', 'ISO 9001', 'ISO 14001']],
  ['sydney', 'Botany Bay Labels', 'labels', 500, 200000, 5, 10, ['ISO 9001']],
  ['melbourne', 'Yarra Packaging Works', 'full', 500, 150000, 8, 16, ['FSC', 'ISO 9001']],
  ['melbourne', 'Laneway Digital Boxes', 'shortRun', 50, 3000, 3, 8, ['FSC']],
];

function slug(name: string): string {
  return foldCity(name).replace(/ /g, '-');
}

/** Continents of the sample cities (the unit test checks the spread). */
export function sampleContinents(): Set<Continent> {
  return new Set(Object.values(CITIES).map((c) => c.continent));
}

/**
 * The sample factories with stable ids (`sample-<city>-<n>`), so seeding twice — or from two servers
 * at once — inserts each exactly once. A small offset per factory keeps markers apart on a map.
 */
export function sampleFactories(): Factory[] {
  const perCity = new Map<CityId, number>();
  return ROWS.map(([cityId, name, profileId, moqMin, moqMax, leadMin, leadMax, certifications]) => {
    const n = (perCity.get(cityId) ?? 0) + 1;
    perCity.set(cityId, n);
    const c: SeedCity = CITIES[cityId];
    const p = PROFILES[profileId];
    const domain = `${slug(name)}.example`;
    return {
      id: `sample-${cityId}-${n}`,
      name,
      city: c.city,
      country: c.country,
      country_code: c.countryCode,
      lat: Math.round((c.lat + 0.02 * Math.cos(n * 2.1)) * 1e4) / 1e4,
      lng: Math.round((c.lng + 0.02 * Math.sin(n * 2.1)) * 1e4) / 1e4,
      processes: [...p.processes],
      materials: [...p.materials],
      moq_min: moqMin,
      moq_max: moqMax,
      lead_time_days_min: leadMin,
      lead_time_days_max: leadMax,
      certifications: [...certifications],
      contact_email: `sales@${domain}`,
      phone: '',
      website: `https://${domain}`,
      description: `Sample entry (fictional): ${p.what} in ${c.city}.`,
      sample: true,
    };
  });
}
