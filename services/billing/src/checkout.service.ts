// Checkouts: started once per (user, request_id), paid at a provider, completed by a ProviderEvent, and
// returned to the site's own success page with signed parameters.
import { randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@pictura/common/app-error';
import { DEFAULT_LOCALE, isLocale } from '@pictura/common/locales';
import type { Logger } from '@pictura/common/logger';
import { CURRENCY, PLAN_NAMES } from '@pictura/common/plan-catalog';
import type { CheckoutRow } from './db/schema.ts';
import type { Ledger } from './ledger.repository.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { choosePlan, planChoiceOf } from './plan-choice.ts';
import type { ProviderEventsService } from './provider-events.service.ts';
import { RETURN_FIELDS, type ReturnFields, type ReturnSigner } from './return-signature.ts';
import type { StripePaymentProvider } from './stripe-payment.provider.ts';

export const TEST_MODE_ONLY = 'This action is only available in test mode';
const CHECKOUT_FAILED = 'Failed to create checkout session';
const CHECKOUT_ID = /^chk_[A-Za-z0-9_-]{16,64}$/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface CheckoutSettings {
  /** The site's own origin: success pages must be on it (no open redirect). */
  publicUrl: string;
  testMode: boolean;
}

export interface CheckoutRequest {
  userId: number;
  productId: string;
  billingPeriod: string;
  successUrl: string;
  requestId: string;
  testMode: boolean;
  noAuth: boolean;
  /** create-session sends the amount it expects; it must be the plan's price. */
  expectedAmountCents?: number;
  currency?: string;
  /**
   * The allowed origin the user started from, vouched for by the gateway (its ALLOWED_ORIGINS); the checkout
   * returns there. Empty: PUBLIC_URL's origin.
   */
  returnOrigin?: string;
}

export function testModeRequired(): AppError {
  return new AppError('permission_denied', TEST_MODE_ONLY, 'test_mode_required');
}

export function createCheckoutService(deps: {
  ledger: Ledger;
  events: ProviderEventsService;
  signer: ReturnSigner;
  providers: { test: PaymentProvider; stripe?: StripePaymentProvider };
  settings: CheckoutSettings;
  logger: Logger;
}) {
  const { ledger, settings } = deps;
  const origin = new URL(settings.publicUrl).origin;

  /** The origin a checkout returns to: the gateway's checked one, or PUBLIC_URL's. */
  function checkoutOriginOf(returnOrigin: string | undefined): string {
    if (!returnOrigin) return origin;
    let url: URL | undefined;
    try {
      url = new URL(returnOrigin);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== returnOrigin) {
      throw new AppError('invalid_argument', 'return_origin must be an origin', 'invalid_return_origin');
    }
    return url.origin;
  }

  /** A relative path or an address on the checkout's origin; anything else is an open redirect. */
  function checkedSuccessUrl(value: string, base: string): URL {
    let url: URL;
    try {
      url = new URL(value, base);
    } catch {
      url = new URL('http://invalid.invalid');
    }
    if (!value || value.length > 2048 || url.origin !== base) {
      throw new AppError(
        'invalid_argument',
        'success_url must be an address on this site',
        'invalid_success_url',
      );
    }
    return url;
  }

  function cancelPathOf(successUrl: string): string {
    const first = new URL(successUrl).pathname.split('/')[1] ?? '';
    return `/${isLocale(first) ? first : DEFAULT_LOCALE}/payment/cancel`;
  }

  function providerFor(row: CheckoutRow): PaymentProvider {
    const provider = row.provider === 'stripe' ? deps.providers.stripe : deps.providers.test;
    if (!provider) throw new AppError('unavailable', CHECKOUT_FAILED, 'checkout_failed');
    return provider;
  }

  async function customerFor(userId: number, provider: PaymentProvider): Promise<string> {
    if (userId === 0) return '';
    const known = await ledger.checkouts.customerOf(userId, provider.name);
    if (known) return known;
    return ledger.checkouts.saveCustomer(userId, provider.name, await provider.createCustomer(userId));
  }

  async function signedReturnUrl(checkout: CheckoutRow): Promise<string> {
    const subscription = checkout.subscriptionRef
      ? await ledger.subscriptions.byProviderRef(checkout.subscriptionRef)
      : undefined;
    const fields: ReturnFields = {
      checkout_id: checkout.id,
      order_id: checkout.orderId,
      customer_id: checkout.customerId,
      subscription_id: subscription ? String(subscription.id) : '',
      product_id: checkout.planId,
      request_id: checkout.requestId,
    };
    const url = new URL(checkout.successUrl);
    for (const name of RETURN_FIELDS) url.searchParams.set(name, fields[name]);
    url.searchParams.set('signature', deps.signer.sign(fields));
    return url.toString();
  }

  async function openCheckout(id: string): Promise<CheckoutRow> {
    const checkout = CHECKOUT_ID.test(id) ? await ledger.checkouts.findById(id) : undefined;
    if (!checkout) throw new AppError('not_found', 'Checkout not found', 'checkout_not_found');
    return checkout;
  }

  async function testCheckout(id: string): Promise<CheckoutRow> {
    const checkout = await openCheckout(id);
    if (checkout.provider !== 'test')
      throw new AppError('not_found', 'Checkout not found', 'checkout_not_found');
    if (!settings.testMode) throw testModeRequired();
    return checkout;
  }

  return {
    async create(request: CheckoutRequest): Promise<{ checkoutUrl: string; checkoutId: string }> {
      if (request.testMode && !settings.testMode) throw testModeRequired();
      // The spec's test-mode retry without authentication: allowed only in test mode, and such a checkout,
      // tied to no account, activates nothing for anyone.
      const guestTest = request.noAuth && request.testMode && settings.testMode;
      if (request.userId === 0 && !guestTest) {
        throw new AppError('unauthenticated', 'Please login to continue', 'login_required');
      }
      const choice = choosePlan(request.productId, request.billingPeriod);
      if (request.currency && request.currency.toUpperCase() !== CURRENCY) {
        throw new AppError('invalid_argument', 'Only USD is accepted', 'unsupported_currency');
      }
      if (request.expectedAmountCents !== undefined && request.expectedAmountCents !== choice.amountCents) {
        throw new AppError('invalid_argument', 'The amount does not match the plan price', 'amount_mismatch');
      }
      const checkoutOrigin = checkoutOriginOf(request.returnOrigin);
      const successUrl = checkedSuccessUrl(request.successUrl, checkoutOrigin);
      if (request.requestId && !REQUEST_ID.test(request.requestId)) {
        throw new AppError('invalid_argument', 'request_id is invalid', 'invalid_request_id');
      }
      // The built-in provider serves test mode (always, when Stripe is not configured); Stripe the rest.
      const useTest = settings.testMode && (request.testMode || !deps.providers.stripe);
      if (!useTest && !deps.providers.stripe)
        throw new AppError('unavailable', CHECKOUT_FAILED, 'checkout_failed');
      const { row, created } = await ledger.checkouts.insertOrGet({
        id: `chk_${randomBytes(18).toString('base64url')}`,
        userId: request.userId,
        requestId: request.requestId || randomUUID(),
        planId: choice.planId,
        amountCents: choice.amountCents,
        currency: CURRENCY,
        provider: useTest ? 'test' : 'stripe',
        successUrl: successUrl.toString(),
        orderId: `ord_${randomBytes(12).toString('hex')}`,
      });
      if (!created && row.planId !== choice.planId) {
        throw new AppError(
          'invalid_argument',
          'This request_id was used for another plan',
          'request_id_reused',
        );
      }
      if (row.checkoutUrl) return { checkoutUrl: row.checkoutUrl, checkoutId: row.id };
      const provider = providerFor(row);
      // A repeat of the request keeps the first one's origin: the stored success_url carries it.
      const rowOrigin = new URL(row.successUrl).origin;
      try {
        const customerId = await customerFor(row.userId, provider);
        const session = await provider.startCheckout({
          checkout: row,
          customerId,
          choice,
          returnUrl: new URL(`/payments/return/${row.id}`, rowOrigin).toString(),
          cancelUrl: new URL(cancelPathOf(row.successUrl), rowOrigin).toString(),
        });
        const stored = await ledger.checkouts.setSession(row.id, { ...session, customerId });
        return { checkoutUrl: stored.checkoutUrl!, checkoutId: row.id };
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.logger.error({ err: error, provider: provider.name }, 'provider refused the checkout');
        throw new AppError('unavailable', CHECKOUT_FAILED, 'checkout_failed');
      }
    },

    async testCheckoutPage(id: string) {
      const checkout = await testCheckout(id);
      const choice = planChoiceOf(checkout.planId);
      return {
        checkoutId: checkout.id,
        planId: checkout.planId,
        planName: choice ? PLAN_NAMES[choice.plan] : checkout.planId,
        billingPeriod: choice?.period ?? '',
        amountCents: checkout.amountCents,
        currency: checkout.currency,
        status: checkout.status,
        cancelUrl: cancelPathOf(checkout.successUrl),
        returnUrl: checkout.status === 'completed' ? await signedReturnUrl(checkout) : '',
      };
    },

    /** "Pay" on the test checkout page: the same completion a Stripe webhook brings. */
    async completeTest(id: string): Promise<string> {
      const checkout = await testCheckout(id);
      if (checkout.status === 'open') {
        const event = await deps.providers.test.completionOf(checkout);
        if (event) await deps.events.apply(event);
      }
      return signedReturnUrl((await ledger.checkouts.findById(id))!);
    },

    /** The browser is back from Stripe: complete now if Stripe says paid (the webhook may come later). */
    async finishStripe(id: string): Promise<string> {
      const checkout = await openCheckout(id);
      if (checkout.provider !== 'stripe')
        throw new AppError('not_found', 'Checkout not found', 'checkout_not_found');
      if (checkout.status === 'open') {
        const event = await providerFor(checkout).completionOf(checkout);
        if (!event) return new URL(cancelPathOf(checkout.successUrl), checkout.successUrl).toString();
        await deps.events.apply(event);
      }
      return signedReturnUrl((await ledger.checkouts.findById(id))!);
    },

    verifyReturn(fields: Partial<ReturnFields>, signature: string): { valid: boolean; message: string } {
      if (!fields.checkout_id || !fields.order_id || !fields.product_id || !signature) {
        throw new AppError(
          'invalid_argument',
          'Missing required payment parameters',
          'missing_payment_parameters',
        );
      }
      const complete = Object.fromEntries(
        RETURN_FIELDS.map((name) => [name, fields[name] ?? '']),
      ) as ReturnFields;
      const valid = deps.signer.verify(complete, signature);
      return { valid, message: valid ? '' : 'Payment verification failed, invalid signature' };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
