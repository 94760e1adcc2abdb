// The pricing and payment pages keep their texts in the `pricing` namespace (locales/pricing/<locale>.json).
import { i18n } from '../../i18n/setup.ts';

export const PRICING_NAMESPACE = 'pricing';

/**
 * Resolves once the namespace is in for the current language (never rejects). The pricing page awaits it
 * while its chunk loads, so the app takes over from the pre-rendered page with the texts already there,
 * never a blank frame in between. Waits for i18next's start-up first, which names the language to load.
 */
export function loadPricingTexts(): Promise<void> {
  const load = () => i18n.loadNamespaces(PRICING_NAMESPACE).catch(() => undefined);
  if (i18n.isInitialized) return load();
  return new Promise((resolve) => {
    const onInitialized = () => {
      i18n.off('initialized', onInitialized);
      void load().then(() => resolve());
    };
    i18n.on('initialized', onInitialized);
  });
}
