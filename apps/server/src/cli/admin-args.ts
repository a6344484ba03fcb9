import { parseArgs } from 'node:util';
import { VipTypeSchema, type PaidVipType } from '@packsmith/contracts';

/** The admin CLI's command line: parsed apart from the CLI so its rules are tested without a process. */
const PLANS = VipTypeSchema.options.filter((v): v is PaidVipType => v !== 'normal');

export const USAGE = `Packsmith admin

  npm run admin -- grant   --email <email> --plan <${PLANS.join('|')}>
      Sets the membership for one month or year from now and grants the plan's monthly credits.
  npm run admin -- revoke  --email <email>     Ends the membership now (credits stay).
  npm run admin -- show    --email <email>     Prints the account, its plan and latest credit moves.
  npm run admin -- outbox  --email <email>     Prints the latest mails kept in the outbox (sign-up codes
                                               when SMTP_URL is not set).

Uses the same configuration as the server (DATA_DIR, DATABASE_URL, …). With the embedded database
(no DATABASE_URL) stop the server first: only one process may use DATA_DIR, and the CLI refuses while
the server holds it. With DATABASE_URL (PostgreSQL) the server may keep running.`;

export class UsageError extends Error {}

export interface Parsed {
  command: 'grant' | 'revoke' | 'show' | 'outbox';
  email: string;
  plan: PaidVipType | null;
}

export function parse(argv: string[]): Parsed {
  let values: { email?: string; plan?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, plan: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const [command, ...extra] = positionals;
  if (command !== 'grant' && command !== 'revoke' && command !== 'show' && command !== 'outbox') {
    throw new UsageError(command ? `Unknown command "${command}".` : 'Missing command.');
  }
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new UsageError('--email is required.');
  if (command === 'grant') {
    const plan = PLANS.find((p) => p === values.plan);
    if (!plan) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}.`);
    return { command, email, plan };
  }
  if (values.plan !== undefined) throw new UsageError(`--plan only applies to grant.`);
  return { command, email, plan: null };
}
