import { MOCKUP_FREE_SNAPSHOTS_PER_DAY, MOCKUP_SNAPSHOT_MAX_SIDE, type CUSTOM_TEMPLATE_FAILURES } from '@packsmith/contracts';
import { CUSTOM_TEMPLATE_MESSAGES } from '@packsmith/mockup';
import { createToolChat, type NewChatMessage, type ToolChat } from '../chat/index.js';

/** What the mockup studio says and refuses with. */
export const MockupMsg = {
  notMockup: 'This project is not a mockup project. Start a mockup project to put a design on a template.',
  renderStarted: 'Putting your design on the template…',
  customStarted: 'Making a template from your photo…',
  answer: 'Here is your mockup. Generate again with another template, material or placement any time.',
  customReady: 'Your template is ready: it is in "My templates". Put a design on it like on any other template.',
  renderFailed: 'Sorry, I could not make this mockup. Your credits were returned; please try again.',
  templateGone: 'This template is no longer available. Your credits were returned; please pick another one.',
  designGone: 'An image of this mockup is no longer available. Your credits were returned; please pick the design again.',
  projectGone: 'This project was deleted, so the mockup was not made.',
  customFailed: 'Sorry, I could not make a template from this photo. Please try again.',
  customUnreadable: 'I could not read this photo. Please upload it again as a JPEG or PNG image.',
  templateNotYours: 'This template belongs to someone else.',
  snapshotNotYours: 'image_url: a snapshot must be an image you uploaded yourself.',
  snapshotTooLarge: (w: number, h: number) => `image_url: a snapshot is at most ${MOCKUP_SNAPSHOT_MAX_SIDE} px on its longest side (this one is ${w}×${h} px).`,
  snapshotLimit: `Free accounts can save ${MOCKUP_FREE_SNAPSHOTS_PER_DAY} 3D preview snapshots a day, and you have saved ${MOCKUP_FREE_SNAPSHOTS_PER_DAY} today. Pro and Business plans save unlimited 3D previews; or come back tomorrow (the count starts again at midnight UTC).`,
  linkedNotMockup: 'linked_project_id: this project is not a mockup project.',
} as const;

type CustomFailure = (typeof CUSTOM_TEMPLATE_FAILURES)[number];

/** A custom template's failure in words: the engine's own for what the photo shows, ours for the rest. */
export const CUSTOM_FAILURE_TEXT: Record<CustomFailure, string> = {
  ...CUSTOM_TEMPLATE_MESSAGES,
  unreadable: MockupMsg.customUnreadable,
  failed: MockupMsg.customFailed,
};

/** Message ids derived from the record id, so a job that runs twice writes each message once. */
export const MockupMessageIds = {
  taskStart: (recordId: string) => `mtask_${recordId}`,
  answer: (recordId: string) => `mgen_${recordId}`,
  error: (recordId: string) => `merr_${recordId}`,
  /** A custom template's one outcome, success or failure: both are mockupCustom messages. */
  custom: (recordId: string) => `mcus_${recordId}`,
} as const;

export function taskStartMessage(recordId: string, task: 'render' | 'custom', referenceImg: string, templateId?: string): NewChatMessage {
  return {
    id: MockupMessageIds.taskStart(recordId),
    role: 'assistant',
    kind: 'mockupHandle',
    message: task === 'render' ? MockupMsg.renderStarted : MockupMsg.customStarted,
    data: { record_id: recordId, task, ...(templateId ? { template_id: templateId } : {}) },
    referenceImg,
  };
}

/** The tool's chat (chat module's ToolChat): messages written once by id and emitted to the project's room. */
export type MockupChat = ToolChat;

export function createMockupChat(deps: Omit<Parameters<typeof createToolChat>[0], 'tool'>): MockupChat {
  return createToolChat({ ...deps, tool: 'mockup' });
}
