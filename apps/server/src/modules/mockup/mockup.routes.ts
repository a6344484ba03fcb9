import { mockupCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';

export function registerMockupRoutes({ call, services }: AppContext): void {
  const { mockupTemplates, mockup, mockupMaterials } = services;
  // Public: the library to everyone; a session adds the caller's own custom templates.
  call(mockupCalls.templates, ({ auth, input }) => mockupTemplates.list(auth?.user.id ?? null, input));
  call(mockupCalls.templateInfo, ({ auth, input }) => mockupTemplates.info(auth?.user.id ?? null, input.id));
  call(mockupCalls.templateCategories, ({ auth }) => mockupTemplates.categories(auth?.user.id ?? null));

  call(mockupCalls.result, ({ auth, input }) => mockup.result(auth.user, input));
  call(mockupCalls.custom, ({ auth, input }) => mockup.custom(auth.user, input));
  call(mockupCalls.snapshot, ({ auth, input }) => mockup.snapshot(auth.user, input));
  call(mockupCalls.designFaces, ({ auth, input }) => mockup.designFaces(auth.user.id, input.image_url));

  call(mockupCalls.addMaterial, ({ auth, input }) => mockupMaterials.addMaterial(auth.user.id, input.material_url));
  call(mockupCalls.materials, ({ auth }) => mockupMaterials.materials(auth.user.id));
  call(mockupCalls.deleteMaterial, ({ auth, input }) => mockupMaterials.deleteMaterial(auth.user.id, input.id));
  call(mockupCalls.addComposite, ({ auth, input }) => mockupMaterials.addComposite(auth.user.id, input));
  call(mockupCalls.composites, ({ auth }) => mockupMaterials.composites(auth.user.id));

  call(mockupCalls.link, ({ auth, input }) => mockup.link(auth.user, input));
  call(mockupCalls.linkImage, ({ auth, input }) => mockup.linkImage(auth.user, input));
}
