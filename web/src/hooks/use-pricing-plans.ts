import { useQuery } from '@tanstack/react-query';
import { fetchPlans, type PlansResponse } from '../api/payments.ts';
import { STATIC_PLANS } from '../pages/pricing/plan-catalog.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The plans, prices and test-mode flag from GET /api/plans. Until the server answers (and if it cannot),
 * the bundled catalogue stands in, so the pricing page always shows every plan.
 */
export function usePricingPlans(): { plans: PlansResponse; fromServer: boolean } {
  const query = useQuery({
    queryKey: queryKeys.plans,
    queryFn: ({ signal }) => fetchPlans(signal),
    staleTime: 10 * 60_000,
    retry: 1,
  });
  return { plans: query.data ?? STATIC_PLANS, fromServer: query.data !== undefined };
}
