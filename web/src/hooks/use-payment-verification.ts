import { useQuery } from '@tanstack/react-query';
import { type PaymentReturn, verifySignature } from '../api/payments.ts';
import { queryKeys } from './query-keys.ts';

/**
 * POST /api/payments/verify-signature for the return parameters in the address (null: nothing to verify).
 * The answer never changes for the same parameters, so it is asked once.
 */
export function usePaymentVerification(parameters: PaymentReturn | null) {
  return useQuery({
    queryKey: queryKeys.paymentVerification(parameters ? JSON.stringify(parameters) : ''),
    queryFn: () => verifySignature(parameters!),
    enabled: parameters !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
