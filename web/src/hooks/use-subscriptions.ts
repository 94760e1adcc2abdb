// Plan and billing in account settings: the subscriptions (the same query the auth context reads the plan
// from, so a change here updates the plan everywhere), the payment history, cancel and upgrade.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http.ts';
import {
  cancelSubscription,
  fetchPayments,
  fetchSubscriptionRecords,
  type SubscriptionRecord,
  upgradeSubscription,
} from '../api/subscriptions.ts';
import { queryKeys } from './query-keys.ts';

/** Client errors (a 4xx) will not get better by asking again. */
const retryServerErrors = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && count < 2;

export function useSubscriptionRecords(userId: number) {
  return useQuery({
    queryKey: queryKeys.subscriptions(userId),
    queryFn: ({ signal }) => fetchSubscriptionRecords(signal),
    retry: retryServerErrors,
  });
}

export function usePaymentHistory(userId: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.payments(userId),
    queryFn: ({ pageParam, signal }) => fetchPayments(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    retry: retryServerErrors,
  });
}

/** After a change the subscription list and the payments are read again. */
function useRefreshBilling(userId: number) {
  const queryClient = useQueryClient();
  return (updated: SubscriptionRecord) => {
    queryClient.setQueryData<SubscriptionRecord[]>(queryKeys.subscriptions(userId), (records = []) =>
      records.map((record) => (record.id === updated.id ? updated : record)),
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions(userId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments(userId) });
  };
}

export function useCancelSubscription(userId: number) {
  const refresh = useRefreshBilling(userId);
  return useMutation({ mutationFn: (id: number) => cancelSubscription(id), onSuccess: refresh });
}

export function useUpgradeSubscription(userId: number) {
  const refresh = useRefreshBilling(userId);
  return useMutation({
    mutationFn: ({ id, planId }: { id: number; planId: string }) => upgradeSubscription(id, planId),
    onSuccess: refresh,
  });
}
