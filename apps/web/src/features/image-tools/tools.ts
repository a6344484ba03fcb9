import { IMAGE_TOOL_COSTS, type ImageTool } from '@packsmith/contracts';

/** The tools of the steps toolbar, in its order. */
export const PANEL_TOOLS = ['erase', 'fill', 'removebg', 'segment', 'upscale', 'composite_text'] as const satisfies readonly ImageTool[];
export type PanelTool = (typeof PANEL_TOOLS)[number];

export interface ToolInfo {
  label: string;
  /** What the progress bar says while it runs. */
  running: string;
  /** What the tool's step is called in the step list. */
  step: string;
  /** Paints a mask with the brush. */
  brush: boolean;
}

export const TOOL_INFO: Record<PanelTool, ToolInfo> = {
  erase: { label: 'Erase', running: 'Erasing', step: 'Erased', brush: true },
  fill: { label: 'Fill', running: 'Filling', step: 'Filled', brush: true },
  removebg: { label: 'Remove background', running: 'Removing the background', step: 'Background removed', brush: false },
  segment: { label: 'Select object', running: 'Finding the object', step: 'Cut-out', brush: false },
  upscale: { label: 'Upscale', running: 'Upscaling', step: 'Upscaled', brush: false },
  composite_text: { label: 'Add text', running: 'Adding the text', step: 'Text added', brush: false },
};

/** "free", "1 credit", "2 credits" (IMAGE_TOOL_COSTS). */
export function costLabel(tool: ImageTool): string {
  const n = IMAGE_TOOL_COSTS[tool];
  return n === 0 ? 'free' : `${n} credit${n === 1 ? '' : 's'}`;
}

export const isPanelTool = (tool: ImageTool): tool is PanelTool => (PANEL_TOOLS as readonly ImageTool[]).includes(tool);

export function stepLabel(tool: ImageTool | null): string {
  if (tool === null) return 'Original';
  return isPanelTool(tool) ? TOOL_INFO[tool].step : tool;
}

export const SEGMENT_EMPTY_TEXT = 'Nothing found in that box — try a larger box';
export const TOOL_FAILED_TEXT = 'The tool could not finish. Your credits were refunded.';
export const TOOL_SLOW_TEXT = 'This is taking too long. Please try again.';
