import type { ChatMessage, MockupTemplate, MockupTemplateInfo } from '@packsmith/contracts';
import { msg } from '../chat/chat-test-kit';

/* Fixtures shaped like the mockup contracts' answers, for the studio's unit tests. */

export function template(n: number, over: Partial<MockupTemplate> = {}): MockupTemplate {
  return {
    id: `boxes-tuck-end-${n}`,
    name: `Tuck end box ${n}`,
    category: 'Boxes',
    material: 'WHITE_BOARD',
    keywords: ['box', 'carton'],
    thumbnail_url: `/files/u/_mockups/t${n}-thumb.jpg`,
    width: 2048,
    height: 2048,
    box_ids: [101],
    custom: false,
    ...over,
  };
}

export function templateInfo(n: number, over: Partial<MockupTemplateInfo> = {}): MockupTemplateInfo {
  const t = template(n);
  return {
    ...t,
    scene_url: `/files/u/_mockups/t${n}.jpg`,
    surface_url: `/files/u/_mockups/t${n}-surface.png`,
    lumin_url: `/files/u/_mockups/t${n}-light.png`,
    uv_data: {
      url: `/files/u/_mockups/t${n}-uv.png`,
      surface_url: `/files/u/_mockups/t${n}-surface.png`,
      width: 2048,
      height: 2048,
      surfaces: [{ role: 'front', design_area: { width: 900, height: 1200 } }],
    },
    default_design_area: { width: 900, height: 1200 },
    ...over,
  };
}

export const mockMsg = {
  hello: (over: Partial<ChatMessage> = {}) => msg({ project_id: 'mk1', type: 'hello', text: 'Upload your design or pick a template.', ...over }),
  handle: (recordId: string, task: 'generate' | 'custom' = 'generate', over: Partial<ChatMessage> = {}) =>
    msg({ project_id: 'mk1', type: 'mockupHandle', text: 'Putting your design on the template…', data: { record_id: recordId, task }, ...over }),
  generate: (recordId: string, urls: string[], over: Partial<ChatMessage> = {}) =>
    msg({
      project_id: 'mk1',
      type: 'mockupGenerate',
      text: 'Your mockup is ready.',
      data: { imageUrls: urls, record_id: recordId, template_id: 'boxes-tuck-end-1' },
      ...over,
    }),
  custom: (recordId: string, templateId: string, over: Partial<ChatMessage> = {}) =>
    msg({ project_id: 'mk1', type: 'mockupCustom', text: 'Your template is ready.', data: { record_id: recordId, template_id: templateId }, ...over }),
  customFailed: (recordId: string, text: string, over: Partial<ChatMessage> = {}) =>
    msg({ project_id: 'mk1', type: 'mockupCustom', text, data: { record_id: recordId, reason: 'no_face' }, ...over }),
  error: (recordId: string, text = 'The mockup failed. Your credits were refunded.', over: Partial<ChatMessage> = {}) =>
    msg({ project_id: 'mk1', type: 'error', text, data: { record_id: recordId }, ...over }),
};
