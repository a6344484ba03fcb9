/**
 * Colour-heavy briefs: light names (blush, sky, mint, lavender, cream), deep ones (navy, forest,
 * burgundy, plum, charcoal), metals (gold, silver, copper, rose gold) and two- and three-colour
 * briefs on every kind of pack. Shared by the colour-share test and the colour bench.
 */
import type { DesignSetBrief } from './render-design-set.js';

export interface ColourCase {
  readonly name: string;
  readonly brief: DesignSetBrief;
}

const c = (name: string, brief: Omit<DesignSetBrief, 'element'> & { element?: readonly string[] }): ColourCase => ({ name, brief: { element: [], ...brief } });

export const COLOUR_CASES: readonly ColourCase[] = [
  c('pastel pink cream jar', { brand: 'Petal', product: 'Rose Face Cream', boxId: 705, style: ['minimalist'], color: ['pastel pink'], element: ['flower'] }),
  c('sky blue lotion tube', { brand: 'Cloud Nine', product: 'Gentle Baby Lotion', boxId: 801, style: ['playful'], color: ['sky'], element: ['cloud'] }),
  c('mint toothpaste tube', { brand: 'Fresca', product: 'Mint Toothpaste', boxId: 802, style: [], color: ['mint'] }),
  c('lavender bath salts pouch', {
    brand: 'Dreamy',
    product: 'Lavender Bath Salts',
    boxId: 501,
    style: ['botanical'],
    color: ['lavender'],
    element: ['leaves'],
  }),
  c('navy and cream can', { brand: 'Harbour', product: 'Cold Brew Coffee', boxId: 701, style: ['modern'], color: ['navy', 'cream'], element: ['wave'] }),
  c('black and gold art deco perfume box', {
    brand: 'Aurum',
    product: 'Eau de Parfum',
    boxId: 104,
    style: ['art deco'],
    color: ['black', 'gold'],
    element: ['star'],
  }),
  c('forest and gold tea tin', { brand: 'Highland', product: 'Earl Grey Tea', boxId: 703, style: ['vintage'], color: ['forest', 'gold'], element: ['leaf'] }),
  c('red and yellow chips pouch', { brand: 'Crunch', product: 'Chilli Corn Chips', boxId: 501, style: ['bold'], color: ['red', 'yellow'], element: ['flame'] }),
  c('white and rose gold cream jar', {
    brand: 'Lumiere',
    product: 'Night Cream',
    boxId: 705,
    style: ['luxury'],
    color: ['white', 'rose gold'],
    element: ['moon'],
  }),
  c('burgundy and cream wine bottle', {
    brand: 'Chateau Vell',
    product: 'Reserve Red Wine',
    boxId: 301,
    style: ['elegant'],
    color: ['burgundy', 'cream'],
    element: ['grape'],
  }),
  c('plum and silver tea carton', { brand: 'Nocturne', product: 'Sleep Herbal Tea', boxId: 101, style: [], color: ['plum', 'silver'], element: ['moon'] }),
  c('charcoal and copper mailer', { brand: 'Forge', product: 'Beard Care Kit', boxId: 201, style: ['industrial'], color: ['charcoal', 'copper'] }),
  c('navy, cream and gold soap carton', {
    brand: 'Regatta',
    product: 'Sea Salt Soap',
    boxId: 102,
    style: ['nautical'],
    color: ['navy', 'cream', 'gold'],
    element: ['anchor'],
  }),
  c('mint, lavender and blush vitamin pouch', {
    brand: 'Sorbet',
    product: 'Gummy Vitamins',
    boxId: 502,
    style: ['playful'],
    color: ['mint', 'lavender', 'blush'],
    element: ['star'],
  }),
  c('silver energy can', { brand: 'Volt', product: 'Energy Drink', boxId: 702, style: ['modern'], color: ['silver'], element: ['zap'] }),
  c('teal and copper shampoo bottle', { brand: 'Tide Pool', product: 'Sea Kelp Shampoo', boxId: 404, style: [], color: ['teal', 'copper'], element: ['wave'] }),
];
