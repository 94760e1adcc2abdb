// Signed-in areas keep their texts in an i18next namespace of their own (`locales/<namespace>/<locale>.json`),
// fetched when one of their pages first opens. The page renders once its texts are in, never with raw keys.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function NamespaceGate({ namespace, children }: { namespace: string; children: ReactNode }) {
  const { ready } = useTranslation(namespace);
  if (!ready) return <div className="page-loading" aria-hidden="true" />;
  return <>{children}</>;
}
