import { IMAGE_TOOL_COSTS, type ImageTool } from '@packsmith/contracts';

/** The tools of the steps toolbar, in its order. */
export const PANEL_TOOLS = [
  'erase',
  'fill',
  'removebg',
  'segment',
  'upscale',
  'composite_text',
  'edit',
  'image2image',
  'text2image',
] as const satisfies readonly ImageTool[];
export type PanelTool = (typeof PANEL_TOOLS)[number];

export interface ToolInfo {
  label: string;
  /** What the progress bar says while it runs. */
  running: string;
  /** What the tool's step is called in the step list. */
  step: string;
  /** Paints a mask with the brush. */
  brush: boolean;
  /** Works without an image (text to image): the only tool of an empty panel. */
  standalone?: boolean;
}

export const TOOL_INFO: Record<PanelTool, ToolInfo> = {
  erase: { label: 'Erase', running: 'Erasing', step: 'Erased', brush: true },
  fill: { label: 'Fill', running: 'Filling', step: 'Filled', brush: true },
  removebg: { label: 'Remove background', running: 'Removing the background', step: 'Background removed', brush: false },
  segment: { label: 'Select object', running: 'Finding the object', step: 'Cut-out', brush: false },
  upscale: { label: 'Upscale', running: 'Upscaling', step: 'Upscaled', brush: false },
  composite_text: { label: 'Add text', running: 'Adding the text', step: 'Text added', brush: false },
  edit: { label: 'Restyle', running: 'Restyling', step: 'Restyled', brush: false },
  image2image: { label: 'Variation', running: 'Making a variation', step: 'Variation', brush: false },
  text2image: { label: 'Create from words', running: 'Creating the image', step: 'Created', brush: false, standalone: true },
};

/** Restyle's example prompts (recolour, relight, restyle). */
export const RESTYLE_EXAMPLES = ['make it blue', 'warm golden hour', 'black and white', 'pastel'] as const;

/** "free", "1 credit", "2 credits" (IMAGE_TOOL_COSTS). */
export function costLabel(tool: ImageTool): string {
  const n = IMAGE_TOOL_COSTS[tool];
  return n === 0 ? 'free' : `${n} credit${n === 1 ? '' : 's'}`;
}

export const isPanelTool = (tool: ImageTool): tool is PanelTool => (PANEL_TOOLS as readonly ImageTool[]).includes(tool);

export function stepLabel(tool: ImageTool | null): string {
  if (tool === null) return 'Original';
  if (tool === 'text') return TOOL_INFO.composite_text.step;
  return isPanelTool(tool) ? TOOL_INFO[tool].step : tool;
}

export const SEGMENT_EMPTY_TEXT = 'Nothing found in that box — try a larger box';
export const TOOL_FAILED_TEXT = 'The tool could not finish. Your credits were refunded.';
export const TOOL_SLOW_TEXT = 'This is taking too long. Please try again.';
export const EMPTY_PANEL_TEXT =
  'No image yet. Describe a backdrop or a product scene under “Create from words”: the new image becomes step 1, ready for the other tools.';
export const KEYWORDS_EMPTY_TEXT = 'No keywords found';
