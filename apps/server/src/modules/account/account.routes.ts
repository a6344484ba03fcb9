import { userCalls } from '@packsmith/contracts';
import type { AppContext } from '../../app-context.js';
import { registerCall } from '../../http/call-route.js';

export function registerAccountRoutes({ app, call, services, authenticate }: AppContext): void {
  call(userCalls.verifyEmail, ({ input, ip }) => services.account.requestCode(input, { address: ip }));
  call(userCalls.registerWithVerify, ({ input, ip }) => services.account.register(input, { address: ip }));
  call(userCalls.accountLogin, ({ input, ip }) => services.account.login(input, { address: ip }));

  // Signing out takes no input, and clients send it without a body (curl -X POST, fetch with no
  // body) or with an empty JSON one: both must sign out rather than answer 400 and leave the token
  // valid. Scoped to this route so every other call keeps refusing an empty JSON body.
  void app.register(async (scope) => {
    const json = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      void json(request, text, done);
    });
    scope.addHook('preValidation', async (request) => {
      if (request.body === undefined || request.body === null || request.body === '') request.body = {};
    });
    registerCall(scope, authenticate, userCalls.logout, ({ auth }) => services.account.logout(auth));
  });
}
