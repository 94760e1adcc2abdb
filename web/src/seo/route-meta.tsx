// Keeps <head> in step with the route: the shell mounts it once, inside the router.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { DEFAULT_LOCALE, pathLocale } from '../i18n/locale.ts';
import { applyRouteHead } from './apply-route-head.ts';
import { routeHead } from './route-head.ts';
import { loadSeoTexts } from './seo-texts.ts';

export function RouteMeta() {
  const { pathname } = useLocation();
  const locale = pathLocale(pathname) ?? DEFAULT_LOCALE;

  useEffect(() => {
    let current = true;
    let titleKeeper: MutationObserver | undefined;
    loadSeoTexts(locale).then(
      (texts) => {
        if (!current) return;
        const head = routeHead({ pathname, locale, origin: window.location.origin, texts });
        applyRouteHead(document, head);
        // On the routes with search texts this title is the one crawlers were given; a page setting its
        // own later (after its translations load) would make the two disagree.
        const title = head.title;
        if (title === null) return;
        titleKeeper = new MutationObserver(() => {
          if (document.title !== title) document.title = title;
        });
        titleKeeper.observe(document.head, { subtree: true, childList: true, characterData: true });
      },
      // Without its texts the page keeps the previous head; the next navigation tries again.
      () => {},
    );
    return () => {
      current = false;
      titleKeeper?.disconnect();
    };
  }, [pathname, locale]);

  return null;
}
