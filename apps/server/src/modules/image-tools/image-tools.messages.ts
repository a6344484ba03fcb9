import { IMAGE_TOOL_MIN_SIDE, UPSCALE_MAX_SIDE, type ImageTool } from '@packsmith/contracts';
import { createToolChat, type NewChatMessage, type ToolChat } from '../chat/index.js';

/** What the image tools say and refuse with (400 messages name their field). */
export const ImageToolMsg = {
  started: {
    erase: 'Erasing the painted area…',
    fill: 'Painting the area from your prompt…',
    removebg: 'Removing the background…',
    segment: 'Finding the object in the box…',
    upscale: 'Enlarging the image…',
    edit: 'Editing the image…',
    image2image: 'Making a new image from yours…',
    text2image: 'Making an image from your prompt…',
    text: 'Setting your text on the image…',
    composite_text: 'Setting your text on the product…',
  } satisfies Record<ImageTool, string>,
  done: {
    erase: 'Erased. The original is kept: undo any time.',
    fill: 'Painted from your prompt. The original is kept: undo any time.',
    removebg: 'The background is removed: here is the product on a transparent ground.',
    segment: 'Here is the object in the box, cut out.',
    upscale: 'Here is the enlarged image.',
    edit: 'Here is the edited image. The original is kept: undo any time.',
    image2image: 'Here is the new image.',
    text2image: 'Here is your image.',
    text: 'Here is the image with your text.',
    composite_text: 'Here is the product with your text.',
  } satisfies Record<ImageTool, string>,
  segmentEmpty: 'I found no object in this box. Draw the box around the object and try again (nothing was charged).',
  failed: 'Sorry, this image tool failed. Your credits were returned; please try again.',
  sourceGone: 'The image is no longer available. Your credits were returned; please pick it again.',
  templateGone: 'This template is no longer available. Your credits were returned; please pick another one.',
  projectGone: 'This project was deleted, so the image was not made.',
  notImage: (field: string) => `${field}: this file is not a PNG or JPEG image.`,
  tooSmall: (field: string, w: number, h: number) =>
    `${field}: the image is ${w}×${h} px; the image tools need at least ${IMAGE_TOOL_MIN_SIDE} px on each side.`,
  tooLarge: (field: string, w: number, h: number) => `${field}: the image is ${w}×${h} px; the image tools take at most ${UPSCALE_MAX_SIDE} px on each side.`,
  maskSize: (mw: number, mh: number, w: number, h: number) => `mask_url: the mask is ${mw}×${mh} px; it must be the image's size, ${w}×${h} px.`,
  maskEmpty: 'mask_url: the mask is empty: paint over what to erase.',
  maskUnreadable: 'mask_url: the mask does not decode; upload it again as a PNG.',
  boxOutside: (w: number, h: number) => `box: the box lies outside the image (${w}×${h} px); draw it over the object.`,
  upscaleTooLarge: (w: number, h: number) =>
    `image_url: the image is ${w}×${h} px; it is already ${UPSCALE_MAX_SIDE} px on its longer side, the most an upscale makes.`,
  noImage: 'image_url: this project has no image yet; pass image_url or product.',
} as const;

/** Message ids derived from the record id, so a job that runs twice writes each message once. */
export const ImageToolMessageIds = {
  taskStart: (recordId: string) => `itask_${recordId}`,
  result: (recordId: string) => `ires_${recordId}`,
  error: (recordId: string) => `ierr_${recordId}`,
} as const;

/** The chat kind of each tool's result (SPEC §7): erase, fill and remove background have their own. */
export const RESULT_KIND: Record<ImageTool, string> = {
  erase: 'mockupErase',
  fill: 'mockupInpaint',
  removebg: 'mockupRemovebg',
  segment: 'mockupHandle',
  upscale: 'mockupHandle',
  edit: 'mockupHandle',
  image2image: 'mockupHandle',
  text2image: 'mockupHandle',
  text: 'mockupHandle',
  composite_text: 'mockupHandle',
};

export function taskStartMessage(recordId: string, tool: ImageTool, referenceImg: string | null): NewChatMessage {
  return {
    id: ImageToolMessageIds.taskStart(recordId),
    role: 'assistant',
    kind: 'mockupHandle',
    message: ImageToolMsg.started[tool],
    data: { record_id: recordId, tool, task: 'image_tool' },
    referenceImg,
  };
}

export function createImageToolChat(deps: Omit<Parameters<typeof createToolChat>[0], 'tool'>): ToolChat {
  return createToolChat({ ...deps, tool: 'image-tools' });
}
