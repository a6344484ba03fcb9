import { mockupCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerMockupRoutes({ call, services }: AppContext): void {
  const { mockupTemplates } = services;
  call(mockupCalls.templates, ({ input }) => mockupTemplates.list(input));
  call(mockupCalls.templateInfo, ({ input }) => mockupTemplates.info(input.id));
  call(mockupCalls.templateCategories, () => mockupTemplates.categories());
}
