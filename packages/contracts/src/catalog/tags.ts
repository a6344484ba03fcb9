import { z } from 'zod';
import { createTermMatcher, normalizeTerm } from './match.js';

/*
 * The style, colour and keyword tags of SPEC §3: what the chat assistant extracts from a brief,
 * what design ideas are filed under and what the design engine turns into palettes, layouts
 * and motifs. Slugs are stored in projects: never rename one, add a synonym instead.
 * Colour slugs are plain English colour words so the engine can resolve them without this list.
 */

export interface StyleTag {
  readonly slug: string;
  readonly name: string;
  readonly synonyms: readonly string[];
}

export const STYLE_TAGS = [
  { slug: 'minimalist', name: 'Minimalist', synonyms: ['minimal', 'minimalism', 'clean', 'simple', 'less is more'] },
  { slug: 'luxury', name: 'Luxury', synonyms: ['luxurious', 'premium', 'high end', 'upscale', 'opulent'] },
  { slug: 'vintage', name: 'Vintage', synonyms: ['antique', 'old fashioned', 'heritage', 'nostalgic'] },
  { slug: 'playful', name: 'Playful', synonyms: ['fun', 'cheerful', 'quirky', 'cheeky'] },
  { slug: 'botanical', name: 'Botanical', synonyms: ['floral', 'plant based look', 'herbal', 'greenery'] },
  { slug: 'geometric', name: 'Geometric', synonyms: ['geometry', 'shapes', 'angular'] },
  { slug: 'modern', name: 'Modern', synonyms: ['contemporary', 'sleek'] },
  { slug: 'retro', name: 'Retro', synonyms: ['70s', '80s', '90s', 'seventies', 'eighties', 'groovy'] },
  { slug: 'art-deco', name: 'Art Deco', synonyms: ['deco', 'gatsby', 'roaring twenties', '1920s'] },
  { slug: 'hand-drawn', name: 'Hand-Drawn', synonyms: ['hand drawn', 'handmade', 'sketch', 'sketchy', 'doodle', 'hand lettered'] },
  { slug: 'bold', name: 'Bold', synonyms: ['striking', 'loud', 'high contrast', 'eye catching'] },
  { slug: 'elegant', name: 'Elegant', synonyms: ['refined', 'sophisticated', 'graceful', 'classy'] },
  { slug: 'organic', name: 'Organic', synonyms: ['natural', 'eco', 'eco friendly', 'sustainable', 'earthy'] },
  { slug: 'industrial', name: 'Industrial', synonyms: ['utilitarian', 'raw', 'workshop'] },
  { slug: 'scandinavian', name: 'Scandinavian', synonyms: ['nordic', 'scandi', 'hygge'] },
  { slug: 'japanese', name: 'Japanese', synonyms: ['japan', 'wabi sabi', 'zen', 'ukiyo e'] },
  { slug: 'kawaii', name: 'Kawaii', synonyms: ['cute', 'adorable', 'chibi'] },
  { slug: 'rustic', name: 'Rustic', synonyms: ['farmhouse', 'country', 'homespun', 'artisan'] },
  { slug: 'bohemian', name: 'Bohemian', synonyms: ['boho', 'free spirited'] },
  { slug: 'art-nouveau', name: 'Art Nouveau', synonyms: ['nouveau', 'mucha', 'jugendstil'] },
  { slug: 'pop-art', name: 'Pop Art', synonyms: ['pop', 'comic', 'comic book', 'warhol'] },
  { slug: 'memphis', name: 'Memphis', synonyms: ['memphis design', 'memphis style'] },
  { slug: 'y2k', name: 'Y2K', synonyms: ['y2k aesthetic', 'millennium', 'chrome'] },
  { slug: 'brutalist', name: 'Brutalist', synonyms: ['brutalism', 'anti design'] },
  { slug: 'swiss', name: 'Swiss', synonyms: ['international typographic style', 'swiss style', 'bauhaus', 'grid based'] },
  { slug: 'watercolor', name: 'Watercolor', synonyms: ['watercolour', 'painted', 'painterly', 'aquarelle'] },
  { slug: 'line-art', name: 'Line Art', synonyms: ['line drawing', 'outline', 'monoline', 'single line'] },
  { slug: 'flat', name: 'Flat', synonyms: ['flat design', 'flat illustration', 'vector'] },
  { slug: 'gradient', name: 'Gradient', synonyms: ['gradients', 'ombre', 'mesh gradient', 'aurora'] },
  { slug: 'abstract', name: 'Abstract', synonyms: ['abstraction', 'expressive', 'artsy'] },
  { slug: 'tropical', name: 'Tropical', synonyms: ['exotic', 'jungle', 'island', 'summery'] },
  { slug: 'nautical', name: 'Nautical', synonyms: ['marine', 'maritime', 'sailor', 'coastal'] },
  { slug: 'mid-century', name: 'Mid-Century Modern', synonyms: ['mid century', 'mid century modern', 'mcm', 'atomic age', '50s', '60s'] },
  { slug: 'futuristic', name: 'Futuristic', synonyms: ['sci fi', 'space age', 'techy', 'high tech'] },
  { slug: 'cyberpunk', name: 'Cyberpunk', synonyms: ['neon noir', 'synthwave', 'vaporwave'] },
  { slug: 'grunge', name: 'Grunge', synonyms: ['distressed', 'gritty', 'punk'] },
  { slug: 'street', name: 'Street', synonyms: ['streetwear', 'graffiti', 'urban', 'hip hop'] },
  { slug: 'classic', name: 'Classic', synonyms: ['traditional', 'timeless', 'conservative'] },
  { slug: 'whimsical', name: 'Whimsical', synonyms: ['fairytale', 'dreamy', 'magical', 'storybook'] },
  { slug: 'folk', name: 'Folk', synonyms: ['folk art', 'ethnic', 'tribal', 'handcrafted'] },
  { slug: 'mediterranean', name: 'Mediterranean', synonyms: ['greek', 'italian', 'amalfi', 'riviera'] },
  { slug: 'clinical', name: 'Clinical', synonyms: ['pharmaceutical', 'medical', 'scientific', 'dermatological', 'laboratory', 'apothecary lab'] },
  { slug: 'festive', name: 'Festive', synonyms: ['holiday', 'christmas', 'seasonal', 'celebration'] },
  { slug: 'kids', name: 'Kids', synonyms: ['children', 'childlike', 'for kids', 'baby'] },
  { slug: 'sporty', name: 'Sporty', synonyms: ['athletic', 'dynamic', 'energetic', 'fitness'] },
  { slug: 'illustrative', name: 'Illustrative', synonyms: ['illustrated', 'illustration', 'storytelling'] },
  { slug: 'typographic', name: 'Typographic', synonyms: ['type driven', 'lettering', 'text only', 'typography'] },
  { slug: 'collage', name: 'Collage', synonyms: ['cut out', 'scrapbook', 'mixed media'] },
  { slug: 'psychedelic', name: 'Psychedelic', synonyms: ['trippy', 'hippie', 'kaleidoscopic'] },
  { slug: 'victorian', name: 'Victorian', synonyms: ['apothecary', 'ornate', 'baroque'] },
  { slug: 'chinese', name: 'Chinese', synonyms: ['chinoiserie', 'lunar new year', 'oriental'] },
] as const satisfies readonly StyleTag[];

export interface ColourTag {
  readonly slug: string;
  readonly name: string;
  /** sRGB, `#rrggbb`. */
  readonly hex: string;
  readonly synonyms: readonly string[];
}

export const COLOUR_TAGS = [
  { slug: 'red', name: 'Red', hex: '#d7263d', synonyms: ['bright red', 'tomato'] },
  { slug: 'crimson', name: 'Crimson', hex: '#b3123a', synonyms: ['deep red', 'scarlet'] },
  { slug: 'burgundy', name: 'Burgundy', hex: '#6e1a2d', synonyms: ['wine red', 'oxblood', 'bordeaux'] },
  { slug: 'maroon', name: 'Maroon', hex: '#6b1f2a', synonyms: ['dark red'] },
  { slug: 'pink', name: 'Pink', hex: '#ec6fa0', synonyms: ['hot pink', 'bubblegum'] },
  { slug: 'rose', name: 'Rose', hex: '#e07a95', synonyms: ['rose pink', 'dusty rose'] },
  { slug: 'blush', name: 'Blush', hex: '#f2b8c0', synonyms: ['light pink', 'pastel pink', 'baby pink', 'millennial pink'] },
  { slug: 'magenta', name: 'Magenta', hex: '#d6247f', synonyms: ['cerise'] },
  { slug: 'fuchsia', name: 'Fuchsia', hex: '#c81d9a', synonyms: ['fuschia', 'hot magenta'] },
  { slug: 'coral', name: 'Coral', hex: '#f2705e', synonyms: ['living coral'] },
  { slug: 'salmon', name: 'Salmon', hex: '#f4937a', synonyms: ['salmon pink'] },
  { slug: 'peach', name: 'Peach', hex: '#f7b58f', synonyms: ['peachy', 'apricot'] },
  { slug: 'orange', name: 'Orange', hex: '#f07c1b', synonyms: ['bright orange'] },
  { slug: 'tangerine', name: 'Tangerine', hex: '#f58a1f', synonyms: ['mandarin', 'citrus orange'] },
  { slug: 'amber', name: 'Amber', hex: '#f0a30a', synonyms: ['saffron'] },
  { slug: 'rust', name: 'Rust', hex: '#b5512a', synonyms: ['burnt orange', 'rusty'] },
  { slug: 'terracotta', name: 'Terracotta', hex: '#c2673f', synonyms: ['clay', 'brick'] },
  { slug: 'copper', name: 'Copper', hex: '#b8703e', synonyms: ['metallic copper'] },
  { slug: 'rose-gold', name: 'Rose Gold', hex: '#b76e79', synonyms: ['rose gold', 'rosegold', 'pink gold'] },
  { slug: 'bronze', name: 'Bronze', hex: '#a97142', synonyms: ['antique bronze'] },
  { slug: 'gold', name: 'Gold', hex: '#c9a227', synonyms: ['golden', 'gold foil', 'metallic gold'] },
  { slug: 'yellow', name: 'Yellow', hex: '#f4c430', synonyms: ['sunny yellow', 'sunflower yellow'] },
  { slug: 'lemon', name: 'Lemon', hex: '#f5dc3a', synonyms: ['lemon yellow', 'pale yellow'] },
  { slug: 'mustard', name: 'Mustard', hex: '#d4a017', synonyms: ['mustard yellow', 'ochre'] },
  { slug: 'honey', name: 'Honey', hex: '#e3a82b', synonyms: ['honey gold'] },
  { slug: 'cream', name: 'Cream', hex: '#f4ecd8', synonyms: ['creamy', 'off white', 'eggshell'] },
  { slug: 'ivory', name: 'Ivory', hex: '#f8f3e6', synonyms: ['bone'] },
  { slug: 'beige', name: 'Beige', hex: '#e8dcc4', synonyms: ['oatmeal', 'linen', 'ecru'] },
  { slug: 'sand', name: 'Sand', hex: '#dcc7a1', synonyms: ['sandy', 'desert sand'] },
  { slug: 'champagne', name: 'Champagne', hex: '#eadbb8', synonyms: ['pale gold'] },
  { slug: 'tan', name: 'Tan', hex: '#c8a27a', synonyms: ['light brown', 'biscuit'] },
  { slug: 'caramel', name: 'Caramel', hex: '#b86b2b', synonyms: ['toffee', 'butterscotch'] },
  { slug: 'kraft', name: 'Kraft', hex: '#b58c5e', synonyms: ['kraft brown', 'cardboard brown', 'natural brown'] },
  { slug: 'brown', name: 'Brown', hex: '#7a4a2a', synonyms: ['earth brown', 'walnut'] },
  { slug: 'chocolate', name: 'Chocolate', hex: '#4e2a1e', synonyms: ['dark brown', 'cocoa'] },
  { slug: 'coffee', name: 'Coffee', hex: '#5b3a29', synonyms: ['mocha', 'espresso'] },
  { slug: 'green', name: 'Green', hex: '#2f9e44', synonyms: ['leaf green', 'grass green', 'kelly green'] },
  { slug: 'emerald', name: 'Emerald', hex: '#11865a', synonyms: ['emerald green'] },
  { slug: 'forest', name: 'Forest Green', hex: '#1f5130', synonyms: ['forest green', 'dark green', 'bottle green', 'hunter green'] },
  { slug: 'olive', name: 'Olive', hex: '#6b7a2a', synonyms: ['olive green', 'army green', 'khaki green'] },
  { slug: 'sage', name: 'Sage', hex: '#9caf88', synonyms: ['sage green', 'muted green', 'eucalyptus'] },
  { slug: 'mint', name: 'Mint', hex: '#9ee6c2', synonyms: ['mint green', 'pastel green', 'seafoam'] },
  { slug: 'lime', name: 'Lime', hex: '#8cc63f', synonyms: ['lime green', 'chartreuse', 'acid green'] },
  { slug: 'jade', name: 'Jade', hex: '#2e8b6e', synonyms: ['jade green'] },
  { slug: 'teal', name: 'Teal', hex: '#0f7c80', synonyms: ['dark teal', 'petrol'] },
  { slug: 'turquoise', name: 'Turquoise', hex: '#2ab5b0', synonyms: ['tiffany blue', 'aquamarine'] },
  { slug: 'aqua', name: 'Aqua', hex: '#3cc8d8', synonyms: ['aqua blue', 'pool blue'] },
  { slug: 'cyan', name: 'Cyan', hex: '#1eb4d4', synonyms: ['electric cyan'] },
  { slug: 'blue', name: 'Blue', hex: '#2563eb', synonyms: ['bright blue', 'true blue'] },
  { slug: 'navy', name: 'Navy', hex: '#1b2a4a', synonyms: ['navy blue', 'dark blue', 'midnight blue'] },
  { slug: 'cobalt', name: 'Cobalt', hex: '#1f4fbf', synonyms: ['cobalt blue', 'royal blue', 'klein blue'] },
  { slug: 'sky', name: 'Sky Blue', hex: '#7cc0ea', synonyms: ['sky blue', 'light blue', 'baby blue', 'pastel blue'] },
  { slug: 'denim', name: 'Denim', hex: '#3d5a80', synonyms: ['denim blue', 'steel blue', 'dusty blue'] },
  { slug: 'indigo', name: 'Indigo', hex: '#3f3a9c', synonyms: ['deep indigo', 'ink blue'] },
  { slug: 'purple', name: 'Purple', hex: '#7b3fb0', synonyms: ['royal purple'] },
  { slug: 'violet', name: 'Violet', hex: '#7c4dff', synonyms: ['ultraviolet', 'electric purple'] },
  { slug: 'lavender', name: 'Lavender', hex: '#b9a3e3', synonyms: ['pastel purple', 'light purple', 'periwinkle'] },
  { slug: 'lilac', name: 'Lilac', hex: '#c8a2c8', synonyms: ['wisteria'] },
  { slug: 'plum', name: 'Plum', hex: '#6d2e5b', synonyms: ['aubergine', 'eggplant', 'dark purple'] },
  { slug: 'mauve', name: 'Mauve', hex: '#b08aa6', synonyms: ['dusty purple', 'heather'] },
  { slug: 'black', name: 'Black', hex: '#111111', synonyms: ['jet black', 'matte black', 'onyx', 'noir'] },
  { slug: 'charcoal', name: 'Charcoal', hex: '#2f3338', synonyms: ['dark grey', 'dark gray', 'graphite', 'anthracite'] },
  { slug: 'slate', name: 'Slate', hex: '#4f5b66', synonyms: ['slate grey', 'slate gray', 'blue grey', 'blue gray'] },
  { slug: 'grey', name: 'Grey', hex: '#8a8f95', synonyms: ['gray', 'neutral grey', 'cool grey'] },
  { slug: 'silver', name: 'Silver', hex: '#bfc5cc', synonyms: ['metallic silver', 'chrome silver', 'platinum'] },
  { slug: 'stone', name: 'Stone', hex: '#a8a29a', synonyms: ['warm grey', 'greige', 'taupe'] },
  { slug: 'white', name: 'White', hex: '#fbfbf8', synonyms: ['pure white', 'snow white', 'bright white'] },
  { slug: 'pearl', name: 'Pearl', hex: '#efeae0', synonyms: ['pearlescent', 'mother of pearl'] },
  { slug: 'nude', name: 'Nude', hex: '#e3bfa3', synonyms: ['skin tone', 'blush beige'] },
] as const satisfies readonly ColourTag[];

export type KeywordGroup =
  'botanical' | 'fruit' | 'food' | 'drink' | 'landscape' | 'celestial' | 'animal' | 'pattern' | 'ornament' | 'object' | 'effect' | 'season';

export interface KeywordTag {
  readonly slug: string;
  readonly name: string;
  readonly group: KeywordGroup;
  readonly synonyms: readonly string[];
}

function keywords(group: KeywordGroup, entries: readonly (readonly [name: string, ...synonyms: string[]])[]): KeywordTag[] {
  return entries.map(([name, ...synonyms]) => ({ slug: normalizeTerm(name).replace(/ /g, '-'), name, group, synonyms }));
}

/** Design elements and motifs ("leaves", "coffee beans", "waves"), grouped for the motif library. */
export const KEYWORD_TAGS: readonly KeywordTag[] = [
  ...keywords('botanical', [
    ['leaves', 'leaf', 'foliage'],
    ['flowers', 'flower', 'blooms', 'blossoms'],
    ['roses', 'rose flower'],
    ['tulips', 'tulip'],
    ['sunflowers', 'sunflower'],
    ['cherry blossoms', 'sakura', 'cherry blossom'],
    ['palm leaves', 'palm leaf', 'palm tree', 'palms'],
    ['ferns', 'fern'],
    ['eucalyptus leaves', 'eucalyptus branch'],
    ['olive branch', 'olive branches', 'olive leaves'],
    ['vines', 'vine', 'ivy'],
    ['herbs', 'herb', 'basil', 'rosemary', 'mint leaves'],
    ['wheat', 'grain', 'ears of wheat', 'barley'],
    ['bamboo'],
    ['cactus', 'cacti', 'succulents'],
    ['mushrooms', 'mushroom', 'fungi'],
    ['trees', 'tree', 'forest trees'],
    ['pine branches', 'pine', 'fir', 'evergreen'],
    ['lotus', 'lotus flower', 'water lily'],
    ['lavender sprigs', 'lavender flowers'],
    ['wildflowers', 'meadow flowers', 'daisies', 'daisy'],
    ['hibiscus'],
    ['monstera', 'monstera leaf'],
    ['hops', 'hop cones'],
  ]),
  ...keywords('fruit', [
    ['fruit', 'fruits', 'fruity'],
    ['lemons', 'lemon slice', 'citrus'],
    ['oranges', 'orange slice'],
    ['strawberries', 'strawberry'],
    ['cherries', 'cherry'],
    ['berries', 'blueberries', 'raspberries', 'blackberries'],
    ['apples', 'apple'],
    ['pineapple', 'pineapples'],
    ['watermelon', 'melon'],
    ['mango', 'mangoes'],
    ['avocado', 'avocados'],
    ['grapes', 'grape', 'vineyard'],
    ['peaches', 'peach fruit'],
    ['coconut', 'coconuts'],
    ['bananas', 'banana'],
    ['pomegranate'],
    ['kiwi'],
    ['figs', 'fig'],
  ]),
  ...keywords('food', [
    ['coffee beans', 'coffee bean', 'beans'],
    ['tea leaves', 'tea leaf', 'matcha'],
    ['cocoa pods', 'cacao', 'chocolate pieces'],
    ['honeycomb', 'honey drip', 'honey dipper'],
    ['bread', 'loaf', 'baguette', 'bakery'],
    ['cheese'],
    ['nuts', 'almonds', 'walnuts', 'hazelnuts', 'peanuts'],
    ['chili peppers', 'chili', 'chilli', 'peppers'],
    ['vegetables', 'veggies', 'carrots', 'tomatoes'],
    ['spices', 'cinnamon', 'star anise', 'peppercorns'],
    ['cupcakes', 'cupcake', 'muffins'],
    ['cookies', 'cookie', 'biscuits'],
    ['candy', 'sweets', 'lollipops', 'candies'],
    ['ice cream', 'ice cream cone', 'gelato'],
    ['donuts', 'doughnuts', 'donut'],
    ['popcorn'],
    ['pasta', 'noodles'],
    ['eggs', 'egg'],
    ['milk splash', 'milk', 'dairy'],
    ['oats', 'granola', 'cereal'],
    ['sushi'],
    ['pizza'],
    ['vanilla', 'vanilla pods'],
    ['sprinkles'],
  ]),
  ...keywords('drink', [
    ['cocktails', 'cocktail', 'martini'],
    ['wine glass', 'wine glasses'],
    ['coffee cup illustration', 'latte art', 'steaming cup'],
    ['bubbles', 'fizz', 'carbonation'],
    ['ice cubes', 'ice'],
    ['splash', 'liquid splash', 'juice splash'],
    ['teapot', 'tea cup'],
  ]),
  ...keywords('landscape', [
    ['mountains', 'mountain', 'peaks', 'alps'],
    ['waves', 'wave', 'surf'],
    ['ocean', 'sea', 'seascape'],
    ['sun', 'sunshine', 'sunburst'],
    ['sunset', 'sunrise', 'dusk'],
    ['clouds', 'cloud', 'sky'],
    ['rainbow', 'rainbows'],
    ['desert', 'dunes', 'sand dunes'],
    ['beach', 'shore', 'seaside'],
    ['rivers', 'river', 'stream'],
    ['hills', 'rolling hills', 'countryside'],
    ['forest', 'woods', 'woodland'],
    ['waterfall'],
    ['islands', 'island scene'],
    ['city skyline', 'skyline', 'cityscape'],
    ['fields', 'farm', 'farmland'],
    ['volcano'],
    ['rain', 'raindrops'],
  ]),
  ...keywords('celestial', [
    ['stars', 'star', 'starry'],
    ['moon', 'crescent moon', 'moons', 'lunar'],
    ['planets', 'planet', 'saturn'],
    ['galaxy', 'outer space', 'space theme', 'cosmos', 'nebula'],
    ['constellations', 'constellation', 'zodiac'],
    ['sun rays', 'rays', 'light rays'],
    ['comet', 'shooting star'],
    ['astronaut'],
    ['rocket', 'rockets'],
  ]),
  ...keywords('animal', [
    ['bees', 'bee', 'honeybee', 'bumblebee'],
    ['butterflies', 'butterfly', 'moths'],
    ['birds', 'bird', 'swallows', 'sparrows'],
    ['cats', 'cat', 'kitten'],
    ['dogs', 'dog', 'puppy'],
    ['fish', 'fishes'],
    ['koi', 'koi fish', 'goldfish'],
    ['deer', 'stag', 'antlers'],
    ['fox', 'foxes'],
    ['owl', 'owls'],
    ['bear', 'bears', 'teddy bear'],
    ['rabbit', 'bunny', 'bunnies'],
    ['hummingbird', 'hummingbirds'],
    ['lion', 'lions'],
    ['tiger', 'tigers'],
    ['elephant', 'elephants'],
    ['panda', 'pandas'],
    ['unicorn', 'unicorns'],
    ['dinosaur', 'dinosaurs', 'dino'],
    ['whale', 'whales'],
    ['octopus'],
    ['horse', 'horses'],
    ['cow', 'cows', 'cattle'],
    ['chicken', 'hen', 'rooster'],
    ['dragon', 'dragons'],
    ['flamingo', 'flamingos'],
    ['parrot', 'parrots', 'toucan'],
    ['seashells', 'shells', 'seashell'],
  ]),
  ...keywords('pattern', [
    ['stripes', 'striped', 'pinstripes'],
    ['polka dots', 'dots', 'dotted'],
    ['checkerboard', 'checkered', 'checks', 'gingham'],
    ['grid', 'grid lines', 'graph paper'],
    ['circles', 'circle', 'rings'],
    ['triangles', 'triangle'],
    ['hexagons', 'hexagon', 'honeycomb pattern'],
    ['chevrons', 'chevron', 'zigzag', 'zig zag'],
    ['diamonds pattern', 'argyle', 'harlequin'],
    ['spirals', 'spiral', 'swirls', 'swirl'],
    ['marble', 'marbled', 'marbling'],
    ['terrazzo'],
    ['paisley'],
    ['plaid', 'tartan'],
    ['herringbone'],
    ['halftone', 'halftone dots'],
    ['arches', 'arch'],
    ['wavy lines', 'squiggles', 'squiggle'],
    ['confetti'],
    ['mosaic', 'tiles', 'azulejo'],
    ['damask'],
    ['brush strokes', 'paint strokes'],
    ['topographic lines', 'contour lines', 'topography'],
    ['blobs', 'organic shapes', 'fluid shapes'],
  ]),
  ...keywords('ornament', [
    ['mandala', 'mandalas'],
    ['filigree', 'flourishes', 'scrollwork'],
    ['lace', 'doily'],
    ['frame', 'border', 'ornamental frame'],
    ['wreath', 'laurel', 'laurel wreath'],
    ['crest', 'coat of arms', 'emblem'],
    ['badge', 'label badge', 'seal', 'stamp'],
    ['monogram', 'initials'],
    ['ribbon', 'banner', 'ribbons'],
    ['calligraphy', 'script lettering'],
    ['crown', 'crowns', 'tiara'],
  ]),
  ...keywords('object', [
    ['hearts', 'heart', 'love'],
    ['gems', 'diamond', 'diamonds', 'jewels', 'crystals'],
    ['bow', 'bows'],
    ['feathers', 'feather', 'quill'],
    ['anchor', 'anchors'],
    ['compass'],
    ['map', 'maps', 'world map', 'globe'],
    ['light bulb', 'lightbulb', 'idea'],
    ['gears', 'cogs', 'machinery'],
    ['circuit board', 'circuits', 'circuit lines', 'microchip'],
    ['pixels', 'pixel art', '8 bit'],
    ['keys', 'key'],
    ['candles', 'candle'],
    ['lanterns', 'lantern', 'paper lanterns'],
    ['hourglass'],
    ['clock', 'clocks', 'watch'],
    ['camera', 'cameras'],
    ['bicycle', 'bike'],
    ['cars', 'car', 'vintage car'],
    ['paper planes', 'paper plane', 'airplane'],
    ['balloons', 'balloon', 'hot air balloon'],
    ['umbrella', 'umbrellas'],
    ['musical notes', 'music notes', 'music'],
    ['books', 'book'],
    ['eyes', 'eye'],
    ['hands', 'open hands'],
    ['lips', 'kiss'],
    ['skulls', 'skull'],
    ['toys', 'toy', 'building blocks'],
    ['leaf frame', 'botanical frame'],
  ]),
  ...keywords('effect', [
    ['water droplets', 'droplets', 'water drops', 'dew'],
    ['sparkles', 'sparkle', 'glitter', 'shimmer'],
    ['smoke', 'mist', 'fog', 'steam'],
    ['fire', 'flames', 'flame'],
    ['neon glow', 'glow', 'neon lights'],
    ['shadows', 'drop shadow'],
    ['gold foil accents', 'foil accents', 'foil stamping'],
    ['embossing', 'embossed', 'debossed'],
    ['paper texture', 'grain texture', 'noise'],
    ['holographic', 'iridescent', 'hologram'],
  ]),
  ...keywords('season', [
    ['snowflakes', 'snowflake', 'snow'],
    ['christmas tree', 'christmas trees', 'xmas tree'],
    ['pumpkins', 'pumpkin', 'halloween'],
    ['autumn leaves', 'fall leaves', 'maple leaves'],
    ['easter eggs', 'easter'],
    ['gifts', 'gift', 'presents'],
    ['fireworks', 'firework'],
    ['spring blossoms', 'springtime'],
    ['summer sun', 'summertime'],
    ['valentine hearts', 'valentines'],
  ]),
];

export type StyleTagEntry = (typeof STYLE_TAGS)[number];
export type StyleSlug = StyleTagEntry['slug'];
export type ColourTagEntry = (typeof COLOUR_TAGS)[number];
export type ColourSlug = ColourTagEntry['slug'];

export const StyleSlugSchema = z.enum(STYLE_TAGS.map((s) => s.slug) as [StyleSlug, ...StyleSlug[]], {
  error: 'Unknown style.',
});
export const ColourSlugSchema = z.enum(COLOUR_TAGS.map((c) => c.slug) as [ColourSlug, ...ColourSlug[]], {
  error: 'Unknown colour.',
});
export const KeywordSlugSchema = z.string().refine((slug) => KEYWORD_TAGS.some((k) => k.slug === slug), { message: 'Unknown keyword.' });

const styleMatcher = createTermMatcher<StyleTagEntry>(STYLE_TAGS, (s) => [s.slug]);
const colourMatcher = createTermMatcher<ColourTagEntry>(COLOUR_TAGS, (c) => [c.slug], { plurals: false });
const keywordMatcher = createTermMatcher<KeywordTag>(KEYWORD_TAGS, (k) => [k.slug]);

/** Styles named in free text, in order of appearance. */
export function findStylesInText(text: string): StyleTagEntry[] {
  return styleMatcher.find(text);
}

/** Colours named in free text, in order of appearance ("sage green and gold" → sage, gold). */
export function findColoursInText(text: string): ColourTagEntry[] {
  return colourMatcher.find(text);
}

/** Design elements named in free text, in order of appearance. */
export function findKeywordsInText(text: string): KeywordTag[] {
  return keywordMatcher.find(text);
}

/** The style a single phrase names, if any ("Boho" → bohemian). */
export function lookupStyle(phrase: string): StyleTagEntry | undefined {
  return styleMatcher.lookup(phrase);
}

/** The colour a single phrase names, if any ("navy blue" → navy). */
export function lookupColour(phrase: string): ColourTagEntry | undefined {
  return colourMatcher.lookup(phrase);
}

/** The keyword a single phrase names, if any ("sakura" → cherry blossoms). */
export function lookupKeyword(phrase: string): KeywordTag | undefined {
  return keywordMatcher.lookup(phrase);
}
