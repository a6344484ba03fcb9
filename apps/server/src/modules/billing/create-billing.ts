import type { Logger } from 'pino';
import type { PaymentsConfig } from '../../config.js';
import type { Transact } from '../../db/transact.js';
import type { CreditService } from '../credits/index.js';
import type { UserRepo } from '../user/index.js';
import type { PlanGrants, PromotionAdmin } from './billing-ports.js';
import type { BillingRepo } from './billing.repo.js';
import { createBillingService, type BillingService } from './billing.service.js';
import { createBillingSweep, type SweepResult } from './billing-sweep.js';
import type { BillingTx } from './billing-tx.js';
import { createEventApplier, type ApplyResult } from './event-applier.js';
import type { PaymentProvider } from './payment-provider.js';
import { createPlanGrants, createPromotionAdmin } from './plan-grants.js';
import { createSandboxProvider, sandboxWebhookSecret, type SandboxProvider } from './sandbox-provider.js';
import type { SandboxRepo } from './sandbox.repo.js';
import { createStripeProvider } from './stripe-provider.js';

/** What the rest of the server uses of billing: the pay calls, the admin ports, the webhook and the sweep. */
export interface Billing {
  /** The pay calls behind the routes. */
  service: BillingService;
  planGrants: PlanGrants;
  promotions: PromotionAdmin;
  /** Null when PAYMENT_PROVIDER=off. */
  provider: PaymentProvider | null;
  /** The offline sandbox when it is the provider (tests drive its 3-D Secure page and replay its events). */
  sandbox: SandboxProvider | null;
  /** The sandbox's webhook secret (null with Stripe or off): tests sign events with it. */
  sandboxWebhookSecret: string | null;
  /** Verifies and applies one webhook (POST /api/pay/webhook and the sandbox's deliveries). */
  handleWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ApplyResult>;
  /** Monthly credits, lifetime months, ended grants and the sandbox's renewals as of `now`. */
  sweep(now?: Date): Promise<SweepResult>;
  /** Runs the sweep every `everyMs` (unref'd) until stopSweeps; buildApp starts it in roles all and worker. */
  startSweeps(everyMs: number): void;
  /** Stops the timer and waits for a sweep in flight. */
  stopSweeps(): Promise<void>;
}

export interface BillingDeps {
  payments: PaymentsConfig;
  appSecret: string;
  repo: BillingRepo;
  sandboxRepo: SandboxRepo;
  users: UserRepo;
  transact: Transact<BillingTx>;
  credits: CreditService;
  log: Logger;
  now?: () => Date;
}

export function createBilling(deps: BillingDeps): Billing {
  const log = deps.log.child({ module: 'billing' });
  const secret = deps.payments.provider === 'sandbox' ? sandboxWebhookSecret(deps.appSecret) : null;
  // The sandbox delivers its events to the same handler as the HTTP route; the handler needs the provider, hence the late binding.
  let handle: Billing['handleWebhook'] = async () => {
    throw new Error('billing: webhook handler not ready');
  };
  const sandbox =
    deps.payments.provider === 'sandbox' && secret
      ? createSandboxProvider({
          repo: deps.sandboxRepo,
          webhookSecret: secret,
          deliver: async (body, signature) => {
            await handle(body, signature);
          },
          log,
          ...(deps.now ? { now: deps.now } : {}),
        })
      : null;
  const provider: PaymentProvider | null = deps.payments.provider === 'stripe' ? createStripeProvider(deps.payments, { log }) : sandbox;
  const applier = createEventApplier({
    source: provider?.name ?? 'sandbox',
    transact: deps.transact,
    credits: deps.credits,
    log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const service = createBillingService({
    repo: deps.repo,
    users: deps.users,
    transact: deps.transact,
    provider,
    sandbox,
    applier,
    log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  handle = (body, signature) => service.handleWebhook(body, signature);
  const sweeper = createBillingSweep({ repo: deps.repo, transact: deps.transact, credits: deps.credits, sandbox, log });

  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<unknown> | null = null;
  const runSweep = () => {
    if (inFlight) return;
    inFlight = sweeper
      .sweep(new Date())
      .catch((err: unknown) => log.error({ err }, 'billing sweep failed; the next one retries'))
      .finally(() => {
        inFlight = null;
      });
  };

  return {
    service,
    planGrants: createPlanGrants({ transact: deps.transact, credits: deps.credits, provider, log, ...(deps.now ? { now: deps.now } : {}) }),
    promotions: createPromotionAdmin({ repo: deps.repo, provider, log }),
    provider,
    sandbox,
    sandboxWebhookSecret: secret,
    handleWebhook: (body, signature) => service.handleWebhook(body, signature),
    sweep: (now) => sweeper.sweep(now ?? new Date()),
    startSweeps(everyMs) {
      if (timer) return;
      timer = setInterval(runSweep, everyMs);
      timer.unref();
    },
    async stopSweeps() {
      if (timer) clearInterval(timer);
      timer = null;
      await inFlight;
    },
  };
}
