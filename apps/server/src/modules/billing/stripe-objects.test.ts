import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { statusOf, subscriptionIdOfInvoice, toProviderEvent, toProviderInvoice } from './stripe-objects.js';

const noPrices = (): null => null;

function invoice(overrides: Partial<Stripe.Invoice>): Stripe.Invoice {
  return {
    id: 'in_1',
    object: 'invoice',
    number: null,
    customer: 'cus_1',
    currency: 'usd',
    status: 'open',
    amount_due: 1690,
    amount_paid: 0,
    billing_reason: 'subscription_create',
    period_start: 10,
    period_end: 10,
    invoice_pdf: null,
    parent: null,
    lines: { object: 'list', data: [], has_more: false, url: '' },
    ...overrides,
  } as Stripe.Invoice;
}

describe('stripe objects', () => {
  it("maps Stripe's subscription statuses onto ours", () => {
    expect(statusOf('active')).toBe('active');
    expect(statusOf('trialing')).toBe('active');
    expect(statusOf('past_due')).toBe('past_due');
    expect(statusOf('unpaid')).toBe('past_due');
    expect(statusOf('paused')).toBe('past_due');
    expect(statusOf('canceled')).toBe('canceled');
    expect(statusOf('incomplete_expired')).toBe('canceled');
    expect(statusOf('incomplete')).toBe('incomplete');
  });

  it('finds the subscription under parent.subscription_details, else on a line', () => {
    expect(
      subscriptionIdOfInvoice(
        invoice({ parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: 'sub_A' } } }),
      ),
    ).toBe('sub_A');
    const line = {
      amount: 5,
      parent: { type: 'subscription_item_details', subscription_item_details: { subscription: 'sub_B' } },
    } as unknown as Stripe.InvoiceLineItem;
    expect(subscriptionIdOfInvoice(invoice({ lines: { object: 'list', data: [line], has_more: false, url: '' } }))).toBe('sub_B');
    expect(subscriptionIdOfInvoice(invoice({}))).toBeNull();
  });

  it('an invoice of no plan of ours (made by hand) normalizes to null; its plan may come from the metadata', () => {
    expect(toProviderInvoice(invoice({}), noPrices)).toBeNull();
    const fromMetadata = toProviderInvoice(
      invoice({
        status: 'uncollectible',
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { vip_type: 'pro_year' }, subscription: 'sub_A' } },
      }),
      noPrices,
    );
    expect(fromMetadata).toMatchObject({ vipType: 'pro_year', status: 'failed', number: 'in_1', amountCents: 1690 });
  });

  it('refuses a body that is not an event', () => {
    expect(() => toProviderEvent({ id: 'x' }, noPrices)).toThrow(/not a Stripe event/);
  });
});
