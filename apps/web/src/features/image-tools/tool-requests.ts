import { IMAGE_TOOL_MIN_SIDE, UPSCALE_MAX_SIDE, imageToolCalls, type CallData, type CallInput } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import type { Size } from './geometry';
import type { ImageToolsState } from './image-tools.store';
import { currentStep } from './step-history';
import type { PanelTool } from './tools';

/** What a tool call answers: its messages and the generate record it started. */
export type ToolAnswer = CallData<typeof imageToolCalls.erase>;

/** One tool call with its typed input. */
export type ToolRequest =
  | { tool: 'erase'; input: CallInput<typeof imageToolCalls.erase> }
  | { tool: 'fill'; input: CallInput<typeof imageToolCalls.fill> }
  | { tool: 'removebg'; input: CallInput<typeof imageToolCalls.removebg> }
  | { tool: 'segment'; input: CallInput<typeof imageToolCalls.segmentBox> }
  | { tool: 'upscale'; input: CallInput<typeof imageToolCalls.upscale> }
  | { tool: 'composite_text'; input: CallInput<typeof imageToolCalls.compositeText> }
  | { tool: 'composite_text_v2'; input: CallInput<typeof imageToolCalls.compositeTextV2> }
  | { tool: 'text'; input: CallInput<typeof imageToolCalls.text> }
  | { tool: 'edit'; input: CallInput<typeof imageToolCalls.editImage> }
  | { tool: 'image2image'; input: CallInput<typeof imageToolCalls.image2image> }
  | { tool: 'text2image'; input: CallInput<typeof imageToolCalls.text2image> };

/** What GET /api/vector/search/keyword answers: keywords, colours with their shares, the brief. */
export type ImageKeywords = CallData<typeof imageToolCalls.keywords>;

/** The keywords of an image (free, synchronous; its errors are shown by the Keywords section, not globally). */
export function fetchKeywords(input: CallInput<typeof imageToolCalls.keywords>, signal?: AbortSignal): Promise<ImageKeywords> {
  return apiCall(imageToolCalls.keywords, input, { silent: true, signal });
}

/** Sends a request through the API client (a 450 opens the pay modal there, SPEC §8). */
export function sendToolRequest(req: ToolRequest): Promise<ToolAnswer> {
  switch (req.tool) {
    case 'erase':
      return apiCall(imageToolCalls.erase, req.input);
    case 'fill':
      return apiCall(imageToolCalls.fill, req.input);
    case 'removebg':
      return apiCall(imageToolCalls.removebg, req.input);
    case 'segment':
      return apiCall(imageToolCalls.segmentBox, req.input);
    case 'upscale':
      return apiCall(imageToolCalls.upscale, req.input);
    case 'composite_text':
      return apiCall(imageToolCalls.compositeText, req.input);
    case 'composite_text_v2':
      return apiCall(imageToolCalls.compositeTextV2, req.input);
    case 'text':
      return apiCall(imageToolCalls.text, req.input);
    case 'edit':
      return apiCall(imageToolCalls.editImage, req.input);
    case 'image2image':
      return apiCall(imageToolCalls.image2image, req.input);
    case 'text2image':
      return apiCall(imageToolCalls.text2image, req.input);
  }
}

/** What the active tool still needs before it can run, in words; null when it is ready. */
export function missingInput(s: Pick<ImageToolsState, 'tool' | 'strokes' | 'box' | 'prompt' | 'text' | 'history'>): string | null {
  if (s.tool === 'text2image') return s.prompt.trim() === '' ? 'Describe the image to create first.' : null;
  if (!s.history) return 'Open an image to edit first.';
  switch (s.tool) {
    case null:
      return 'Choose a tool first.';
    case 'erase':
      return s.strokes.length === 0 ? 'Paint over what to erase first.' : null;
    case 'fill':
      if (s.strokes.length === 0) return 'Paint over the area to fill first.';
      return s.prompt.trim() === '' ? 'Say what to fill it with.' : null;
    case 'segment':
      return s.box ? null : 'Draw a box around the object first.';
    case 'composite_text':
      return s.text.trim() === '' ? 'Type the text to add first.' : null;
    case 'edit':
      return s.prompt.trim() === '' ? 'Say how to change it first.' : null;
    case 'image2image':
      return s.prompt.trim() === '' ? 'Describe the new image first.' : null;
    case 'removebg':
    case 'upscale':
      return null;
  }
}

/** Add text on the pack (through the template's UV map) when a template is known and the option is on. */
export const textOnPack = (s: Pick<ImageToolsState, 'onPack' | 'templateId'>): string | null => (s.onPack && s.templateId ? s.templateId : null);

/**
 * The request for the active tool on the current step (mask_url: the painted mask, already uploaded).
 * `scale` is the upscale factor chosen.
 */
export function buildRequest(
  s: Pick<ImageToolsState, 'projectId' | 'history' | 'box' | 'prompt' | 'text' | 'color' | 'eraseScale' | 'onPack' | 'templateId' | 'aspectRatio' | 'style'>,
  tool: PanelTool,
  extra: { maskUrl?: string; scale?: 2 | 4 } = {},
): ToolRequest {
  if (!s.projectId) throw new Error('There is no project to make the image in.');
  const prompt = s.prompt.trim();
  // Text to image needs no image: it makes a new one (the current step of an empty panel too).
  if (tool === 'text2image') return { tool, input: { project_id: s.projectId, prompt, aspect_ratio: s.aspectRatio, style: s.style } };
  const text = s.text.trim();
  const product = tool === 'composite_text' ? textOnPack(s) : null;
  if (product) {
    // On the pack: the server sets the text through the template's UV map on its empty scene.
    const input = { project_id: s.projectId, text, product };
    return s.color ? { tool: 'composite_text_v2', input: { ...input, style: { color: s.color } } } : { tool: 'composite_text', input };
  }
  if (!s.history) throw new Error('There is no image to edit.');
  const step = currentStep(s.history);
  const base = { project_id: s.projectId, image_url: step.url };
  switch (tool) {
    case 'erase':
      return { tool, input: { ...base, mask_url: extra.maskUrl ?? '', erase_scale: s.eraseScale } };
    case 'fill':
      return { tool, input: { ...base, mask_url: extra.maskUrl ?? '', prompt: s.prompt.trim() } };
    case 'removebg':
      return { tool, input: base };
    case 'segment':
      if (!s.box) throw new Error('No box was drawn.');
      return { tool, input: { ...base, box: s.box } };
    case 'upscale':
      return { tool, input: { ...base, scale: extra.scale ?? 2 } };
    case 'composite_text':
      // A chosen colour needs the v2 call (style); without one, text on the image: the engine picks a readable colour.
      return s.color
        ? { tool: 'composite_text_v2', input: { ...base, text, style: { color: s.color } } }
        : { tool: 'text', input: { project_id: s.projectId, text, image: step.url } };
    case 'edit':
      return { tool, input: { ...base, prompt } };
    case 'image2image':
      return { tool, input: { project_id: s.projectId, prompt, control_image: step.url, ...sizeOf(step) } };
  }
}

/** The natural size of the current step, once known. */
export function currentSize(s: Pick<ImageToolsState, 'history'>): Size | null {
  if (!s.history) return null;
  const step = currentStep(s.history);
  return step.width && step.height ? { width: step.width, height: step.height } : null;
}

/** The size an image to image result keeps: the step's, within what the call takes; absent until known. */
function sizeOf(step: { width: number | null; height: number | null }): { width?: number; height?: number } {
  if (!step.width || !step.height) return {};
  const k = Math.min(1, UPSCALE_MAX_SIDE / Math.max(step.width, step.height));
  const fit = (n: number) => Math.max(IMAGE_TOOL_MIN_SIDE, Math.round(n * k));
  return { width: fit(step.width), height: fit(step.height) };
}
