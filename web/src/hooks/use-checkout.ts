import { useMutation } from '@tanstack/react-query';
import { type BillingPeriod, type CheckoutRequest, createCheckout } from '../api/payments.ts';
import { newRequestId, requestCheckout } from '../pages/pricing/pricing-model.ts';

export interface CheckoutChoice {
  /** The plan (premium, ultimate); the billing period goes alongside. */
  planId: string;
  period: BillingPeriod;
  testMode: boolean;
  /** This site's /{locale}/payment/success. */
  successUrl: string;
}

/**
 * Starts a checkout (spec 7) with a fresh request_id per click and sends the browser to the provider's
 * page. In test mode a 401 is retried once without authentication instead of ending the session.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: async (choice: CheckoutChoice) => {
      const request: CheckoutRequest = {
        product_id: choice.planId,
        test_mode: choice.testMode,
        billing_period: choice.period,
        success_url: choice.successUrl,
        request_id: newRequestId(),
        no_auth: false,
      };
      return requestCheckout(request, (body, attempt) =>
        createCheckout(body, {
          anonymous: attempt === 'anonymous',
          unauthorizedIsExpected: choice.testMode,
        }),
      );
    },
    onSuccess: (checkoutUrl) => window.location.assign(checkoutUrl),
  });
}
