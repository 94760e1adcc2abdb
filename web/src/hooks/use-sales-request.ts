import { useMutation } from '@tanstack/react-query';
import { createSupportRequest, type SupportRequest } from '../api/payments.ts';

/** Enterprise's "contact sales": POST /api/support/requests with kind sales (guests may send it too). */
export function useSalesRequest() {
  return useMutation({
    mutationFn: (request: Omit<SupportRequest, 'kind'>) =>
      createSupportRequest({ ...request, kind: 'sales' }),
  });
}
