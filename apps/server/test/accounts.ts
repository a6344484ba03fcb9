import { TestClient } from './client.js';
import type { TestServer } from './harness.js';

/**
 * A registered user made through the real sign-up calls (verfiryEmail → accountRegisterWithVerify),
 * reading the code from the outbox: test servers have no SMTP. Throws when any step is refused.
 */
export async function registeredUser(server: TestServer): Promise<{ id: string; client: TestClient }> {
  const email = `u${Math.random().toString(36).slice(2, 12)}@example.test`;
  const c = new TestClient(server.url);
  const sent = await c.post('/api/user/verfiryEmail', { email });
  if (sent.code !== 0) throw new Error(`verfiryEmail: ${sent.msg}`);
  const [mail] = await server.built.services.mail.latestFor(email, 1);
  if (mail?.sentVia !== 'outbox') throw new Error('the verification mail did not go to the outbox');
  const code = /verification code is (\d{6})/.exec(mail.text)?.[1] ?? '';
  const r = await c.post<{ token: string }>('/api/user/accountRegisterWithVerify', { email, password: 'long enough pw', code });
  if (r.code !== 0 || !r.data) throw new Error(`accountRegisterWithVerify: ${r.msg}`);
  c.token = r.data.token;
  const me = await c.get<{ user_id: string }>('/api/user/me');
  return { id: me.data?.user_id ?? '', client: c };
}
