import { boxCatalog, chatCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerChatRoutes({ call, services }: AppContext): void {
  const { chat, analysis } = services;
  call(chatCalls.hello, ({ auth, input }) => chat.hello(auth.user.id, input.project_id, input.type));
  call(chatCalls.message, ({ auth, input }) => chat.message(auth.user, input));
  call(chatCalls.history, ({ auth, input }) => chat.history(auth.user.id, input));
  call(chatCalls.info, ({ auth, input }) => chat.info(auth.user.id, input.msg_id));
  call(chatCalls.imagine, ({ auth, input }) => chat.imagine(auth.user, input));
  call(chatCalls.retry, ({ auth, input }) => chat.retry(auth.user, input));
  call(chatCalls.editRetry, ({ auth, input }) => chat.editRetry(auth.user, input));
  call(chatCalls.editDesign, ({ auth, input }) => chat.editDesign(auth.user, input));
  call(chatCalls.analyze, ({ auth, input }) => analysis.analyze(auth.user.id, input.project_id, input.image_url));
  call(chatCalls.deleteAnalyze, ({ auth, input }) => analysis.remove(auth.user.id, input.project_id, input.analyze_id));
  call(chatCalls.prompt, ({ auth, input }) => analysis.prompt(auth.user.id, input.image_url));
  call(chatCalls.boxCatalog, () => ({ categories: BOX_CATALOG }));
}

/** The box picker's catalogue (SPEC §3 product box categories), built once: it never changes at runtime. */
const BOX_CATALOG = boxCatalog().map(({ category, boxes }) => ({
  name: category.name,
  boxes: boxes.map((b) => ({ box_id: b.id, name: b.name, category: category.name, slug: b.slug })),
}));
