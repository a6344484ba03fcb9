import { parseArgs } from 'node:util';
import { CodeTextSchema, VipTypeSchema, type PaidVipType } from '@packsmith/contracts';

/** The admin CLI's command line: parsed apart from the CLI so its rules are tested without a process. */
const PLANS = VipTypeSchema.options.filter((v): v is PaidVipType => v !== 'normal');
const MAX_CODES = 500;
const MAX_CREDITS = 1_000_000;
const MAX_DAYS = 3660;

export const USAGE = `Packsmith admin

  npm run admin -- grant   --email <email> --plan <${PLANS.join('|')}>
      Sets the membership for one month or year from now and grants the plan's monthly credits.
  npm run admin -- revoke  --email <email>     Ends the membership now (credits stay).
  npm run admin -- show    --email <email>     Prints the account, its plan and latest credit moves.
  npm run admin -- outbox  --email <email>     Prints the latest mails kept in the outbox (sign-up codes
                                               when SMTP_URL is not set).
  npm run admin -- make-admin --email <email> [--off]
      Lets the account open the admin area (/admin); --off takes it away.

  npm run admin -- code --credits <n>                      a code worth n credits
  npm run admin -- code --plan <plan> [--days <n>]         a code for a plan for n days (default: one
                                                           month or year, as the plan is billed)
  npm run admin -- code --lifetime --plan <plan>           a lifetime-deal code
      Options: --count <n> (1-${MAX_CODES}, default 1), --source <name> (where the codes are sold or given,
      default cli). Prints one line saying what was made, then each new code alone on its own line
      (the last line is a code). Codes are stored hashed: they are shown this once.
  npm run admin -- promo --code <NAME> --percent <1-100> [--plan <plan>]… [--expires YYYY-MM-DD] [--max <n>]
      Creates a promotion code: percent off the plans named (repeat --plan or give a comma list;
      none = every plan), valid to the end of the expiry day (UTC), at most n uses.

Every change (grant, revoke, code, promo, make-admin) is written to the admin log as done by
cli:<your login>. Uses the same configuration as the server (DATA_DIR, DATABASE_URL, …). With the
embedded database (no DATABASE_URL) stop the server first: only one process may use DATA_DIR, and
the CLI refuses while the server holds it. With DATABASE_URL (PostgreSQL) the server may keep running.`;

export class UsageError extends Error {}

export type Parsed =
  | { command: 'grant' | 'revoke' | 'show' | 'outbox'; email: string; plan: PaidVipType | null }
  | { command: 'make-admin'; email: string; on: boolean }
  | {
      command: 'code';
      kind: 'credits' | 'plan' | 'lifetime';
      credits: number;
      plan: PaidVipType | null;
      /** Null = the plan's own period. */
      days: number | null;
      count: number;
      source: string;
    }
  | { command: 'promo'; code: string; percent: number; plans: PaidVipType[]; expiresAt: Date | null; max: number | null };

const COMMANDS = ['grant', 'revoke', 'show', 'outbox', 'make-admin', 'code', 'promo'] as const;
type Command = (typeof COMMANDS)[number];

/** The options each command takes; any other is refused by name. */
const ALLOWED: Record<Command, string[]> = {
  grant: ['email', 'plan'],
  revoke: ['email'],
  show: ['email'],
  outbox: ['email'],
  'make-admin': ['email', 'off'],
  code: ['credits', 'plan', 'days', 'lifetime', 'count', 'source'],
  promo: ['code', 'percent', 'plan', 'expires', 'max'],
};

function whole(name: string, value: string | undefined, min: number, max: number): number | null {
  if (value === undefined) return null;
  const n = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

function planOf(value: string): PaidVipType {
  const plan = PLANS.find((p) => p === value.trim());
  if (!plan) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}.`);
  return plan;
}

/** YYYY-MM-DD → the end of that day (UTC): a code "expiring 2027-01-31" still works all that day. */
function endOfDay(value: string, now: Date): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const end = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999)) : null;
  if (!m || !end || end.getUTCDate() !== Number(m[3]) || end.getUTCMonth() !== Number(m[2]) - 1) {
    throw new UsageError('--expires must be a date as YYYY-MM-DD.');
  }
  if (end.getTime() <= now.getTime()) throw new UsageError('--expires must be a day that has not passed yet.');
  return end;
}

export function parse(argv: string[], now: Date = new Date()): Parsed {
  let values: Record<string, string | boolean | string[] | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        plan: { type: 'string', multiple: true },
        off: { type: 'boolean' },
        credits: { type: 'string' },
        days: { type: 'string' },
        lifetime: { type: 'boolean' },
        count: { type: 'string' },
        source: { type: 'string' },
        code: { type: 'string' },
        percent: { type: 'string' },
        expires: { type: 'string' },
        max: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const [name, ...extra] = positionals;
  const command = COMMANDS.find((c) => c === name);
  if (!command) throw new UsageError(name ? `Unknown command "${name}".` : 'Missing command.');
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  for (const option of Object.keys(values)) {
    if (values[option] !== undefined && !ALLOWED[command].includes(option)) {
      throw new UsageError(option === 'plan' ? '--plan only applies to grant, code and promo.' : `--${option} does not apply to ${command}.`);
    }
  }
  const str = (key: string): string | undefined => {
    const v = values[key];
    return typeof v === 'string' ? v : undefined;
  };
  const plans = ((values.plan as string[] | undefined) ?? []).flatMap((p) => p.split(',')).filter((p) => p.trim() !== '');

  if (command === 'code') return parseCode(values, str, plans);
  if (command === 'promo') {
    const code = CodeTextSchema.safeParse(str('code') ?? '');
    if (str('code') === undefined) throw new UsageError('--code is required (the text people type, e.g. SPRING25).');
    if (!code.success) throw new UsageError(`--code: ${code.error.issues[0]?.message ?? 'not a valid code.'}`);
    const percent = whole('percent', str('percent'), 1, 100);
    if (percent === null) throw new UsageError('--percent is required (1-100).');
    const expires = str('expires');
    return {
      command,
      code: code.data.toUpperCase(),
      percent,
      plans: [...new Set(plans.map(planOf))],
      expiresAt: expires === undefined ? null : endOfDay(expires, now),
      max: whole('max', str('max'), 1, 1_000_000),
    };
  }

  const email = str('email')?.trim().toLowerCase();
  if (!email) throw new UsageError('--email is required.');
  if (command === 'make-admin') return { command, email, on: values.off !== true };
  if (command === 'grant') {
    if (plans.length !== 1) throw new UsageError(`--plan must be one of ${PLANS.join(', ')}.`);
    return { command, email, plan: planOf(plans[0] ?? '') };
  }
  return { command, email, plan: null };
}

function parseCode(values: Record<string, unknown>, str: (key: string) => string | undefined, plans: string[]): Parsed {
  const count = whole('count', str('count'), 1, MAX_CODES) ?? 1;
  const source = (str('source') ?? 'cli').trim();
  if (!/^[\w .:-]{1,60}$/.test(source)) throw new UsageError('--source is a short name (letters, digits, spaces, . : _ -; at most 60).');
  const credits = whole('credits', str('credits'), 1, MAX_CREDITS);
  const days = whole('days', str('days'), 1, MAX_DAYS);
  if (plans.length > 1) throw new UsageError('A code grants one plan: give --plan once.');
  const plan = plans[0] === undefined ? null : planOf(plans[0]);
  if (values.lifetime === true) {
    if (!plan) throw new UsageError('--lifetime needs --plan <plan> (the plan it gives for life).');
    if (credits !== null || days !== null) throw new UsageError("--lifetime takes no --credits or --days (it brings the plan's monthly credits, for life).");
    return { command: 'code', kind: 'lifetime', credits: 0, plan, days: null, count, source };
  }
  if (plan) {
    if (credits !== null) throw new UsageError('A code gives credits or a plan, not both: drop --credits or --plan.');
    return { command: 'code', kind: 'plan', credits: 0, plan, days, count, source };
  }
  if (days !== null) throw new UsageError('--days needs --plan <plan>.');
  if (credits === null) throw new UsageError('Say what the code gives: --credits <n>, --plan <plan> [--days <n>], or --lifetime --plan <plan>.');
  return { command: 'code', kind: 'credits', credits, plan: null, days: null, count, source };
}
