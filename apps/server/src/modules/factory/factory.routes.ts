import type { FastifyRequest } from 'fastify';
import { quotationCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import type { FactoryWrite } from './factory.service.js';

/**
 * The keys an admin's update really sent. The contract's update schema is the write schema made
 * partial, and zod still fills the write schema's defaults (certifications [], phone ''…) into a
 * partial parse, so the parsed input cannot tell "not sent" from "cleared". The body is read here,
 * before validation replaces it, and only the sent keys are applied.
 */
const sentKeys = new WeakMap<FastifyRequest, ReadonlySet<string>>();

export function registerFactoryRoutes({ app, call, services }: AppContext): void {
  const { factories } = services;

  app.addHook('preValidation', async (request) => {
    if (request.method !== quotationCalls.adminUpdateFactory.method || request.routeOptions.url !== quotationCalls.adminUpdateFactory.path) return;
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) sentKeys.set(request, new Set(Object.keys(body)));
  });

  call(quotationCalls.factoryList, ({ input }) => factories.list({ process: input.process, material: input.material }, input.page_index, input.page_size));
  call(quotationCalls.factorySearchCity, ({ input }) => factories.searchCity(input.city));
  call(quotationCalls.factoryListAll, () => factories.listAll());

  // Under /api/admin/: the admin guard (modules/admin/admin.routes.ts) has already required is_admin.
  call(quotationCalls.adminCreateFactory, ({ auth, input }) => factories.create(auth.user.id, input));
  call(quotationCalls.adminUpdateFactory, ({ auth, input, raw }) => {
    const { id, ...fields } = input;
    const sent = sentKeys.get(raw);
    const patch: Partial<FactoryWrite> = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v !== undefined && (!sent || sent.has(k))));
    return factories.update(auth.user.id, id, patch);
  });
  call(quotationCalls.adminDeleteFactory, ({ auth, input }) => factories.remove(auth.user.id, input.id));
}
