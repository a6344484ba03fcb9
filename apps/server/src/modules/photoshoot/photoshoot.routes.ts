import { photoshootCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerPhotoshootRoutes({ call, services }: AppContext): void {
  const { photoshoot } = services;
  call(photoshootCalls.imageTest, ({ auth, input }) => photoshoot.imageTest(auth.user, input));
  call(photoshootCalls.background, ({ auth, input }) => photoshoot.background(auth.user, input));
  call(photoshootCalls.landingTemplates, () => photoshoot.landingTemplates());
  call(photoshootCalls.templates, ({ auth, input }) => photoshoot.templates(auth.user.id, input));
  call(photoshootCalls.publicTemplates, ({ input }) => photoshoot.publicTemplates(input));
  call(photoshootCalls.likePhoto, ({ auth, input }) => photoshoot.like(auth.user.id, input));
}
