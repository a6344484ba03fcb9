import type { ChatMessage, ExtractedCoordinates, SceneTemplate } from '@packsmith/contracts';
import { msg } from '../chat/chat-test-kit';

/* Fixtures shaped like the photo shoot contracts' answers, for the photo shoot's unit tests. */

export const COORDS: ExtractedCoordinates = {
  x: 400,
  y: 200,
  width: 600,
  height: 1200,
  totalWidth: 2048,
  totalHeight: 1536,
  cropWidth: 640,
  cropHeight: 1240,
  rotation: 0,
};

export function scene(n: number, over: Partial<SceneTemplate> = {}): SceneTemplate {
  return {
    id: `t${n}`,
    name: `Scene ${n}`,
    family: 'marble',
    category: 'surface',
    colors: ['#ffffff'],
    color_tags: ['white'],
    image_url: `/files/scenes/s${n}.png`,
    thumbnail_url: `/files/scenes/s${n}-thumb.png`,
    width: 2048,
    height: 1536,
    light: { azimuth: 60, elevation: 40, hardness: 0.5 },
    floor_y: 0.75,
    ...over,
  };
}

export const shootMsg = {
  hello: (over: Partial<ChatMessage> = {}) => msg({ project_id: 'ps1', type: 'photoshootHello', text: 'Upload a photo of your product.', ...over }),
  taskStart: (recordId: string, task: 'cutout' | 'composite', over: Partial<ChatMessage> = {}) =>
    msg({
      project_id: 'ps1',
      type: 'photoshootTaskStart',
      text: task === 'cutout' ? 'Cutting out your product…' : 'Shooting…',
      data: { record_id: recordId, task },
      ...over,
    }),
  cutout: (recordId = 'cut1', over: Partial<ChatMessage> = {}) =>
    msg({
      project_id: 'ps1',
      type: 'photoshootCutImage',
      text: 'Here is your product, cut out.',
      data: { record_id: recordId, transparentUrl: '/files/cut.png', origin_image: '/files/photo.png', extracted_coordinates: COORDS },
      ...over,
    }),
  cutError: (recordId = 'cut1', over: Partial<ChatMessage> = {}) =>
    msg({
      project_id: 'ps1',
      type: 'photoshootCutImageError',
      text: "We couldn't find a product in this photo.",
      data: { record_id: recordId, reason: 'no_product' },
      ...over,
    }),
  recommend: (templates: SceneTemplate[], over: Partial<ChatMessage> = {}) =>
    msg({
      project_id: 'ps1',
      type: 'photoshootRecommend',
      text: 'These scenes suit your product.',
      data: { recommend_background: templates.map((t) => t.image_url), templates },
      ...over,
    }),
  answer: (recordId: string, urls: string[], over: Partial<ChatMessage> = {}) =>
    msg({
      project_id: 'ps1',
      type: 'answer',
      text: 'Your photos are ready.',
      data: { imageUrls: urls, record_id: recordId, background_url: '/files/scenes/s1.png', run_index: 0 },
      ...over,
    }),
  error: (recordId: string, text = 'The photo shoot failed. Your credits were refunded.', over: Partial<ChatMessage> = {}) =>
    msg({ project_id: 'ps1', type: 'error', text, data: { record_id: recordId }, ...over }),
};
