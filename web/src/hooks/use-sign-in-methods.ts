import { useQuery } from '@tanstack/react-query';
import { fetchSignInMethods, type SignInMethods } from '../api/auth.ts';
import { queryKeys } from './query-keys.ts';

/** When the server cannot say: the username and password, which every server offers. */
const PASSWORD_ONLY: SignInMethods = { google: false, password: true };

/**
 * The ways to sign in this server offers, read once per visit: the sign-in screens show only these.
 * `methods` is undefined while the answer is on its way.
 */
export function useSignInMethods(): { methods: SignInMethods | undefined } {
  const query = useQuery({
    queryKey: queryKeys.signInMethods,
    queryFn: ({ signal }) => fetchSignInMethods(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (query.isError) return { methods: PASSWORD_ONLY };
  return { methods: query.data };
}
