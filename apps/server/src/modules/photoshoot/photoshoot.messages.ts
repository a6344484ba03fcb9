import { createToolChat, type NewChatMessage, type ToolChat } from '../chat/index.js';

/** What the photo shoot says and refuses with (SPEC §4 photo shoot messages). */
export const PhotoshootMsg = {
  notPhotoshoot: 'This project is not a photo shoot. Start a photo shoot project to cut out a product photo.',
  uploadFirst: 'Upload a product photo first.',
  notAResult: "Pick one of this project's photos.",
  backgroundProportions: 'placement: backW and backH must have the proportions of the background image.',
  cutoutStarted: 'Cutting out your product…',
  compositeStarted: 'Setting up your photo shoot…',
  cutImage: 'Here is your product, cut out. Pick a background, place your product and generate.',
  recommend: (n: number) =>
    n > 0
      ? `These ${n === 1 ? 'background suits' : `${n} backgrounds suit`} your product's colours. The first one is chosen for you; pick another any time.`
      : 'Pick a background from the gallery.',
  /** Anything that is not a photo the user must change: never a stack trace. */
  cutoutFailed: 'Sorry, I could not cut out this photo. Please try again.',
  noProduct: 'I could not find a product in this photo. Please upload a photo where the product stands out from its background.',
  unreadable: 'I could not read this photo. Please upload it again as a JPEG or PNG image.',
  compositeFailed: 'Sorry, I could not finish this photo shoot. Your credits were returned; please try again.',
  backgroundGone: 'This background is no longer available. Your credits were returned; please pick another one.',
  cutoutGone: 'The cut-out of your product is no longer available. Your credits were returned; please upload the photo again.',
  projectGone: 'This project was deleted, so the photo shoot did not run.',
  previewsReplaced: 'The full-size scenes are ready: they replace the quick previews among your recommended backgrounds. A preview you picked stays available.',
  answer: (n: number) =>
    `Here ${n === 1 ? 'is your product photo' : `are ${n} product photos`} on this background. Like your favourites, or pick the best one.`,
} as const;

/** Message ids derived from the record id, so a job that runs twice writes each message once. */
export const MessageIds = {
  taskStart: (recordId: string) => `task_${recordId}`,
  cutImage: (recordId: string) => `cut_${recordId}`,
  recommend: (recordId: string) => `rec_${recordId}`,
  answer: (recordId: string) => `ans_${recordId}`,
  error: (recordId: string) => `err_${recordId}`,
  /** A recommendation that replaces previews follows seeding, not a record: its own id. */
  previewsReplaced: (id: string) => `recs_${id}`,
} as const;

export function taskStartMessage(recordId: string, task: 'cutout' | 'composite', referenceImg: string): NewChatMessage {
  return {
    id: MessageIds.taskStart(recordId),
    role: 'assistant',
    kind: 'photoshootTaskStart',
    message: task === 'cutout' ? PhotoshootMsg.cutoutStarted : PhotoshootMsg.compositeStarted,
    data: { record_id: recordId, task },
    referenceImg,
  };
}

/** The tool's chat (chat module's ToolChat): messages written once by id and emitted to the project's room. */
export type PhotoshootChat = ToolChat;

export function createPhotoshootChat(deps: Omit<Parameters<typeof createToolChat>[0], 'tool'>): PhotoshootChat {
  return createToolChat({ ...deps, tool: 'photoshoot' });
}
