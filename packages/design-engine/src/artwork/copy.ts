/**
 * Words and hints derived from the product name: the short descriptor line on the front,
 * icon subjects, a colour suggestion when no colour is tagged, and back-panel copy. All of
 * it is real copy for that product, never placeholder text.
 */
import type { Hex } from './color.js';
import type { Rng } from './random.js';
import type { StyleFamily } from './styles.js';

interface Category {
  words: readonly string[];
  descriptors: readonly string[];
  icons: readonly string[];
  color: Hex;
  care: string;
}

const CATEGORIES: readonly Category[] = [
  {
    words: ['coffee', 'espresso', 'roast', 'latte', 'brew', 'beans', 'arabica', 'mocha'],
    descriptors: ['Small-batch roasted', 'Freshly roasted beans', 'Rich, smooth & bold'],
    icons: ['coffee', 'bean'],
    color: '#6f4e37',
    care: 'Store sealed in a cool, dry place away from light.',
  },
  {
    words: ['tea', 'matcha', 'chai', 'herbal', 'infusion', 'oolong', 'chamomile'],
    descriptors: ['Loose leaf blend', 'Hand-picked leaves', 'Slow-steeped calm'],
    icons: ['leaf', 'sprout', 'leafy-green'],
    color: '#5b8a3c',
    care: 'Steep 3–5 minutes. Store airtight, away from moisture.',
  },
  {
    words: ['chocolate', 'cocoa', 'cacao', 'truffle', 'praline', 'fudge'],
    descriptors: ['Rich & velvety', 'Crafted from fine cocoa', 'Smooth dark indulgence'],
    icons: ['candy', 'gift', 'heart'],
    color: '#4e2a1e',
    care: 'Keep cool and dry, below 20 °C.',
  },
  {
    words: ['honey', 'syrup', 'jam', 'marmalade', 'preserve'],
    descriptors: ['Raw & unfiltered', 'Golden and pure', 'From meadow to jar'],
    icons: ['hexagon', 'flower', 'flower-2'],
    color: '#e3a82b',
    care: 'Store at room temperature. Natural crystallisation may occur.',
  },
  {
    words: [
      'soap',
      'bath',
      'shampoo',
      'lotion',
      'skincare',
      'serum',
      'cream',
      'balm',
      'body',
      'face',
      'cleanser',
      'beauty',
      'cosmetic',
      'moisturiser',
      'moisturizer',
      'sunscreen',
      'spf',
      'sunblock',
      'toner',
      'conditioner',
    ],
    descriptors: ['Gentle daily care', 'Nourishing formula', 'Soft, clean & calm'],
    icons: ['droplet', 'sparkles', 'flower-2'],
    color: '#b9a3e3',
    care: 'For external use only. Avoid contact with eyes.',
  },
  {
    words: ['candle', 'wax', 'diffuser', 'incense'],
    descriptors: ['Hand-poured', 'Slow, even burn', 'Warm ambient glow'],
    icons: ['flame', 'sparkles', 'moon'],
    color: '#d9c08c',
    care: 'Never leave a burning candle unattended.',
  },
  {
    words: ['perfume', 'fragrance', 'parfum', 'cologne', 'scent'],
    descriptors: ['A signature scent', 'Layered & luminous', 'Notes that linger'],
    icons: ['sparkles', 'flower', 'gem'],
    color: '#c8a2c8',
    care: 'Store away from heat and direct sunlight.',
  },
  {
    words: ['wine', 'beer', 'gin', 'vodka', 'whisky', 'whiskey', 'rum', 'cider', 'ale', 'lager', 'spirits'],
    descriptors: ['Crafted in small batches', 'Aged with patience', 'Bright & balanced'],
    icons: ['grape', 'wine', 'wheat'],
    color: '#722f37',
    care: 'Enjoy responsibly. Serve chilled.',
  },
  {
    words: ['juice', 'smoothie', 'lemonade', 'fruit', 'berry', 'berries', 'orange', 'lemon', 'apple', 'mango', 'citrus', 'strawberry'],
    descriptors: ['Freshly pressed', 'Bursting with fruit', 'Sunshine in a bottle'],
    icons: ['citrus', 'apple', 'cherry', 'grape'],
    color: '#f07c1b',
    care: 'Keep refrigerated. Shake well before use.',
  },
  {
    words: ['cookie', 'cookies', 'biscuit', 'biscuits', 'bakery', 'bread', 'cake', 'pastry', 'croissant', 'brownie', 'muffin', 'cracker'],
    descriptors: ['Baked fresh daily', 'Golden & crisp', 'Oven-warm goodness'],
    icons: ['cookie', 'croissant', 'wheat'],
    color: '#c8a27a',
    care: 'Store in an airtight container. Best enjoyed fresh.',
  },
  {
    words: ['granola', 'cereal', 'oats', 'muesli', 'snack', 'nuts', 'almond', 'chips', 'crisps', 'bar', 'bars', 'popcorn'],
    descriptors: ['Wholesome crunch', 'Good honest snacking', 'Naturally delicious'],
    icons: ['wheat', 'nut', 'sun'],
    color: '#c98a3c',
    care: 'Store in a cool, dry place. Reseal after opening.',
  },
  {
    words: ['pasta', 'sauce', 'oil', 'olive', 'spice', 'spices', 'salt', 'pepper', 'seasoning', 'rice', 'soup', 'vinegar'],
    descriptors: ['Authentic recipe', 'Slow-cooked flavour', 'From our kitchen to yours'],
    icons: ['chef-hat', 'wheat', 'leaf', 'flame'],
    color: '#b5512a',
    care: 'Store in a cool, dark place. Refrigerate after opening.',
  },
  {
    words: ['water', 'soda', 'drink', 'sparkling', 'kombucha', 'tonic', 'energy'],
    descriptors: ['Crisp & refreshing', 'Light and sparkling', 'Pure refreshment'],
    icons: ['droplets', 'waves', 'glass-water'],
    color: '#1eb4d4',
    care: 'Best served chilled.',
  },
  {
    words: ['ice', 'gelato', 'sorbet', 'icecream', 'popsicle', 'frozen'],
    descriptors: ['Creamy & indulgent', 'Scoop-worthy', 'Made with real cream'],
    icons: ['ice-cream-cone', 'popsicle', 'cherry'],
    color: '#ec6fa0',
    care: 'Keep frozen at −18 °C. Do not refreeze once thawed.',
  },
  {
    words: ['candy', 'sweets', 'gummy', 'gummies', 'lollipop', 'marshmallow', 'caramel', 'toffee'],
    descriptors: ['Sweet little joys', 'Fun-size happiness', 'Chewy, fruity, fun'],
    icons: ['candy', 'lollipop', 'star'],
    color: '#ec6fa0',
    care: 'Store in a cool, dry place.',
  },
  {
    words: ['pet', 'dog', 'cat', 'puppy', 'kitten', 'treats', 'kibble'],
    descriptors: ['Made for happy pets', 'Tail-wagging good', 'Wholesome pet nutrition'],
    icons: ['paw-print', 'bone', 'heart'],
    color: '#f0a30a',
    care: 'Always provide fresh drinking water.',
  },
  {
    words: ['toy', 'toys', 'kids', 'baby', 'puzzle', 'game', 'blocks', 'plush'],
    descriptors: ['Made for little hands', 'Play, learn & grow', 'Joy in every box'],
    icons: ['star', 'rocket', 'puzzle', 'smile'],
    color: '#2563eb',
    care: 'Adult supervision recommended. Keep packaging for reference.',
  },
  {
    words: ['headphones', 'earbuds', 'speaker', 'charger', 'cable', 'phone', 'electronics', 'gadget', 'keyboard', 'mouse', 'camera', 'lamp', 'smart', 'watch'],
    descriptors: ['Engineered for every day', 'Precision sound & design', 'Power, refined'],
    icons: ['zap', 'headphones', 'battery-charging', 'cpu'],
    color: '#1f4fbf',
    care: 'Keep away from water and extreme temperatures.',
  },
  {
    words: ['jewelry', 'jewellery', 'ring', 'necklace', 'bracelet', 'earrings'],
    descriptors: ['Timeless craft', 'Made to be treasured', 'Everyday brilliance'],
    icons: ['gem', 'sparkles', 'crown'],
    color: '#c9a227',
    care: 'Keep dry and store in its pouch.',
  },
  {
    words: ['vitamin', 'vitamins', 'supplement', 'protein', 'collagen', 'capsules', 'wellness'],
    descriptors: ['Daily wellness', 'Clean, simple nutrition', 'Feel your best'],
    icons: ['leaf', 'heart-pulse', 'sun'],
    color: '#2f9e44',
    care: 'Do not exceed the recommended daily dose.',
  },
  {
    words: ['shirt', 't-shirt', 'tee', 'socks', 'apparel', 'hoodie', 'scarf', 'cap', 'clothing'],
    descriptors: ['Made to last', 'Soft everyday comfort', 'Responsibly made'],
    icons: ['shirt', 'sparkles', 'leaf'],
    color: '#3d5a80',
    care: 'Machine wash cold. Do not tumble dry.',
  },
  {
    words: ['seeds', 'plant', 'plants', 'garden', 'flowers', 'bulbs', 'herbs'],
    descriptors: ['Grow something good', 'Garden fresh', 'From seed to bloom'],
    icons: ['sprout', 'flower', 'leaf'],
    color: '#5d7141',
    care: 'Sow in well-drained soil in full sun.',
  },
];

const GENERIC: Readonly<Record<StyleFamily, readonly string[]>> = {
  minimalist: ['Thoughtfully made', 'Simply good', 'Essentials, done well'],
  luxury: ['Exceptional quality', 'The signature collection', 'Crafted to perfection'],
  vintage: ['Crafted with care', 'Made the old way', 'Honest goods, since always'],
  playful: ['Made for smiles', 'A little bit of joy', 'Fun in every box'],
  botanical: ['Rooted in nature', 'Naturally crafted', 'Grown with care'],
  geometric: ['Designed with purpose', 'Precisely crafted', 'Form meets function'],
  modern: ['Made for now', 'Designed for everyday', 'Quality, simplified'],
  bold: ['Big on flavour', 'Turn it up', 'Loud & proud'],
};

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
}

export function productCategory(product: string): Category | null {
  const w = words(product);
  for (const c of CATEGORIES) if (c.words.some((k) => w.includes(k) || w.some((x) => x.replace(/s$/, '') === k))) return c;
  return null;
}

/** The short line under the product name. */
export function descriptorFor(product: string, family: StyleFamily, rng: Rng): string {
  const cat = productCategory(product);
  return rng.pick(cat ? cat.descriptors : GENERIC[family]);
}

export function productIconHints(product: string): readonly string[] {
  return productCategory(product)?.icons ?? [];
}

export function productColor(product: string): Hex | undefined {
  return productCategory(product)?.color;
}

export interface BackCopy {
  heading: string;
  paragraph: string;
  details: string[];
  care: string;
}

/** Back-panel copy made from the brief's own words. */
export function backCopy(brand: string, product: string, descriptor: string, family: StyleFamily): BackCopy {
  const cat = productCategory(product);
  const tone: Readonly<Record<StyleFamily, string>> = {
    minimalist: 'Nothing unnecessary, everything considered.',
    luxury: 'Finished with uncompromising attention to detail.',
    vintage: 'Made the way good things used to be made.',
    playful: 'Packed with good vibes and a big smile.',
    botanical: 'Inspired by the quiet beauty of nature.',
    geometric: 'Built on clean lines and honest materials.',
    modern: 'Designed for the way you live today.',
    bold: 'Unapologetically bold from the first look.',
  };
  return {
    heading: `About ${product}`,
    paragraph: `${descriptor}. ${brand} ${product}: ${tone[family]}`,
    details: [`Product: ${product}`, `Brand: ${brand}`, 'Packaging: recyclable board'],
    care: cat?.care ?? 'Store in a cool, dry place.',
  };
}
