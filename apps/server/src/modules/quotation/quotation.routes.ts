import { QUOTE_PDF_PATH, quotationCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { bearerToken } from '../../http/auth-context.js';
import { notFound, tokenInvalid, unauthorized } from '../../http/errors.js';

export function registerQuotationRoutes({ app, call, services, authenticate }: AppContext): void {
  const { quotation } = services;
  call(quotationCalls.estimate, ({ auth, input }) => quotation.estimate(auth.user.id, input));
  call(quotationCalls.hello, ({ auth, input }) => quotation.hello(auth.user.id, input));
  call(quotationCalls.message, ({ auth, input }) => quotation.message(auth.user.id, input));
  call(quotationCalls.selection, ({ auth, input }) => quotation.selection(auth.user.id, input));
  call(quotationCalls.state, ({ auth, input }) => quotation.state(auth.user.id, input));
  call(quotationCalls.fromProject, ({ auth, input }) => quotation.fromProject(auth.user.id, input));

  // The PDF is bytes, not an envelope: a plain route that checks the Bearer session and the owner itself (like the invoice PDF).
  app.get<{ Querystring: { quote_id?: string } }>(QUOTE_PDF_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const resolved = await authenticate(token);
    if (resolved === 'invalid') throw tokenInvalid();
    const id = typeof request.query.quote_id === 'string' ? request.query.quote_id.trim() : '';
    if (!id) throw notFound('No such quote.');
    const found = await quotation.pdf(resolved.user.id, id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${found.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(found.pdf));
  });
}
