import { imageToolCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerImageToolRoutes({ call, services }: AppContext): void {
  const { imageTools } = services;
  call(imageToolCalls.erase, ({ auth, input }) => imageTools.erase(auth.user, input));
  call(imageToolCalls.fill, ({ auth, input }) => imageTools.fill(auth.user, input));
  call(imageToolCalls.removebg, ({ auth, input }) => imageTools.removebg(auth.user, input));
  call(imageToolCalls.segmentBox, ({ auth, input }) => imageTools.segmentBox(auth.user, input));
  call(imageToolCalls.upscale, ({ auth, input }) => imageTools.upscale(auth.user, input));
  call(imageToolCalls.editImage, ({ auth, input }) => imageTools.editImage(auth.user, input));
  call(imageToolCalls.image2image, ({ auth, input }) => imageTools.image2image(auth.user, input));
  call(imageToolCalls.text2image, ({ auth, input }) => imageTools.text2image(auth.user, input));
  call(imageToolCalls.text, ({ auth, input }) => imageTools.text(auth.user, input));
  call(imageToolCalls.compositeText, ({ auth, input }) => imageTools.compositeText(auth.user, input));
  call(imageToolCalls.compositeTextV2, ({ auth, input }) => imageTools.compositeText(auth.user, input));
  call(imageToolCalls.keywords, ({ auth, input }) => imageTools.keywords(auth.user, input));
}
