import { Code, requestCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { FONT_ROUTE_PREFIX } from './font-catalog.js';

export function registerFontRoutes({ app, call, services }: AppContext): void {
  const { fonts } = services;
  call(requestCalls.fontList, () => fonts.list());

  // The files of the font records. Their names carry a content hash: a new file is a new name, so
  // browsers may keep each one for a year without asking again.
  app.get<{ Params: { name: string } }>(`${FONT_ROUTE_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const asset = await fonts.asset(request.params.name);
    // A real HTTP 404 (not the envelope's 200): browsers and CDNs must not cache a missing font as one.
    if (!asset) return reply.status(404).send({ code: Code.NOT_FOUND, msg: 'There is no such font file.', data: null });
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(asset.bytes);
  });
}
