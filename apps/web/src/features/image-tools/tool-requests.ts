import { imageToolCalls, type CallData, type CallInput } from '@packsmith/contracts';
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
  | { tool: 'composite_text_v2'; input: CallInput<typeof imageToolCalls.compositeTextV2> };

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
  }
}

/** What the active tool still needs before it can run, in words; null when it is ready. */
export function missingInput(s: Pick<ImageToolsState, 'tool' | 'strokes' | 'box' | 'prompt' | 'text' | 'history'>): string | null {
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
    case 'removebg':
    case 'upscale':
      return null;
  }
}

/**
 * The request for the active tool on the current step (mask_url: the painted mask, already uploaded).
 * `scale` is the upscale factor chosen.
 */
export function buildRequest(
  s: Pick<ImageToolsState, 'projectId' | 'history' | 'box' | 'prompt' | 'text' | 'color' | 'eraseScale'>,
  tool: PanelTool,
  extra: { maskUrl?: string; scale?: 2 | 4 } = {},
): ToolRequest {
  if (!s.history || !s.projectId) throw new Error('There is no image or project to edit.');
  const base = { project_id: s.projectId, image_url: currentStep(s.history).url };
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
      // A chosen colour needs the v2 call (style); without one the engine picks a readable colour.
      return s.color
        ? { tool: 'composite_text_v2', input: { ...base, text: s.text.trim(), style: { color: s.color } } }
        : { tool, input: { ...base, text: s.text.trim() } };
  }
}

/** The natural size of the current step, once known. */
export function currentSize(s: Pick<ImageToolsState, 'history'>): Size | null {
  if (!s.history) return null;
  const step = currentStep(s.history);
  return step.width && step.height ? { width: step.width, height: step.height } : null;
}
