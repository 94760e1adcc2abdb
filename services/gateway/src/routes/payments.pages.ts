// The HTML routes of checkout (not part of the API, so hidden from OpenAPI): the built-in test provider's
// checkout page and its form, and the return from Stripe's checkout. The checkout id in the address is the
// capability, as on Stripe's own checkout pages: the browser arrives here without the API token.
import { AppError } from '@pictura/common/app-error';
import { isTestCard, TEST_CARD_DISPLAY } from '@pictura/common/test-card';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { BillingClient } from '../clients.ts';
import { HTTP_STATUS_BY_APP_CODE } from '../http-errors.ts';
import {
  errorPage,
  TEST_CHECKOUT_CSP,
  type TestCheckoutView,
  testCheckoutPage,
} from './payments.test-checkout.ts';

const CHECKOUT_ID = /^chk_[A-Za-z0-9_-]{16,64}$/;

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', TEST_CHECKOUT_CSP)
    .header('x-robots-tag', 'noindex')
    .send(html);
}

/** An AppError becomes an HTML page with its status; anything else is the error handler's. */
function sendPageError(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof AppError)) throw error;
  const status = HTTP_STATUS_BY_APP_CODE[error.code];
  return sendHtml(reply, status, errorPage(status, status >= 500 ? 'Please try again later' : error.message));
}

const notFound = (reply: FastifyReply) => sendHtml(reply, 404, errorPage(404, 'Checkout not found'));

export async function registerTestCheckoutPages(app: FastifyInstance, billing: BillingClient): Promise<void> {
  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    pages.get<{ Params: { id: string } }>(
      '/payments/test-checkout/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        if (!CHECKOUT_ID.test(request.params.id)) return notFound(reply);
        try {
          const view = await billing.getTestCheckout(
            { checkoutId: request.params.id },
            { requestId: request.id },
          );
          return sendHtml(reply, 200, testCheckoutPage(view as TestCheckoutView));
        } catch (error) {
          return sendPageError(reply, error);
        }
      },
    );

    // Pay completes through billing's provider-event path (as a Stripe webhook would), then goes to the
    // success page with the signed return parameters; Cancel goes to /{locale}/payment/cancel.
    pages.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      '/payments/test-checkout/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        if (!CHECKOUT_ID.test(request.params.id)) return notFound(reply);
        const form = typeof request.body === 'object' && request.body ? request.body : {};
        const options = { requestId: request.id };
        try {
          const view = (await billing.getTestCheckout(
            { checkoutId: request.params.id },
            options,
          )) as TestCheckoutView;
          if (form.action === 'cancel') return reply.redirect(view.cancelUrl, 303);
          if (!isTestCard(form.card_number)) {
            return sendHtml(
              reply,
              422,
              testCheckoutPage(view, `This test checkout accepts only the test card ${TEST_CARD_DISPLAY}.`),
            );
          }
          const done = await billing.completeTestCheckout({ checkoutId: request.params.id }, options);
          return reply.redirect(done.redirectUrl, 303);
        } catch (error) {
          return sendPageError(reply, error);
        }
      },
    );

    // Stripe's checkout sends the browser here; billing confirms with Stripe and signs the return.
    pages.get<{ Params: { id: string } }>(
      '/payments/return/:id',
      { schema: { hide: true } },
      async (request, reply) => {
        if (!CHECKOUT_ID.test(request.params.id)) return notFound(reply);
        try {
          const done = await billing.finishStripeCheckout(
            { checkoutId: request.params.id },
            { requestId: request.id },
          );
          return reply.header('cache-control', 'no-store').redirect(done.redirectUrl, 303);
        } catch (error) {
          return sendPageError(reply, error);
        }
      },
    );
  });
}
