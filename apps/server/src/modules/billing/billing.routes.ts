import { Code, billingCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { bearerToken } from '../../http/auth-context.js';
import { notFound, tokenInvalid, unauthorized } from '../../http/errors.js';
import { WebhookSignatureError } from './payment-provider.js';

/** The pay calls (SPEC §7 Payments), the credit history, the invoice PDF and the provider's webhook. */
export function registerBillingRoutes(ctx: AppContext): void {
  const { call, services, app, authenticate, log } = ctx;
  const billing = services.billing.service;

  call(billingCalls.setup, ({ auth }) => billing.setup(auth.user));
  call(billingCalls.subscribe, ({ auth, input }) => billing.subscribe(auth.user, input));
  call(billingCalls.confirm, ({ auth, input }) => billing.confirm(auth.user, input.subscription_id));
  call(billingCalls.sandboxAuthenticate, ({ auth, input }) => billing.sandboxAuthenticate(auth.user, input.client_secret, input.approve));
  call(billingCalls.upgradeOptions, ({ auth, params }) => billing.upgradeOptions(auth.user, params.type ?? ''));
  call(billingCalls.upgrade, ({ auth, input }) => billing.upgrade(auth.user, input));
  call(billingCalls.cancelSubscribe, ({ auth, input }) => billing.cancel(auth.user, input.comment));
  call(billingCalls.resumeSubscribe, ({ auth }) => billing.resume(auth.user));
  call(billingCalls.validPromotionCode, ({ input }) => billing.validPromotionCode(input.promotionCode, input.vip_type));
  call(billingCalls.billing, ({ auth }) => billing.overview(auth.user));
  call(billingCalls.invoices, ({ auth, input }) => billing.invoices(auth.user, input.page_index, input.page_size));
  call(billingCalls.creditHistory, ({ auth, input }) => billing.creditHistory(auth.user, input.page_index, input.page_size));

  // The PDF is bytes, not an envelope: a plain route that checks the Bearer session and the owner itself.
  app.get<{ Params: { id: string } }>('/api/pay/invoices/:id/pdf', { schema: { hide: true } }, async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const resolved = await authenticate(token);
    if (resolved === 'invalid') throw tokenInvalid();
    if (request.params.id.length > 64) throw notFound('No such invoice.');
    const found = await billing.invoicePdf(resolved.user.id, request.params.id);
    if ('url' in found) return reply.redirect(found.url);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${found.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(found.pdf));
  });

  // The webhook needs the exact bytes Stripe signed: its own scope with a buffer JSON parser, so no other route changes.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/pay/webhook', { schema: { hide: true } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      try {
        const applied = await services.billing.handleWebhook(raw, typeof header === 'string' ? header : undefined);
        return reply.status(200).send({ code: Code.OK, msg: 'SUCCESS', data: { received: true, outcome: applied.outcome } });
      } catch (err) {
        if (!(err instanceof WebhookSignatureError)) throw err;
        log.warn({ reason: err.message }, 'billing: webhook refused');
        return reply.status(400).send({ code: Code.BAD_REQUEST, msg: err.message, data: null });
      }
    });
  });
}
