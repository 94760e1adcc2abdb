// The shell's links in one list, so the side navigation, the drawer and the footer cannot drift apart.
import type { ReactElement } from 'react';
import {
  CrownIcon,
  GridIcon,
  HelpIcon,
  HistoryIcon,
  HomeIcon,
  ShieldIcon,
  TagIcon,
  UpscaleIcon,
  UsersIcon,
} from '../icons.tsx';

export interface NavLinkItem {
  /** Translation key under `nav.` */
  key: 'home' | 'upscaler' | 'community' | 'history' | 'features' | 'faq' | 'pricing';
  path: string;
  icon: ReactElement;
}

/** Spec 2: home, upscaler, community, history, features, FAQ, pricing. */
export const PRIMARY_LINKS: readonly NavLinkItem[] = [
  { key: 'home', path: '/', icon: <HomeIcon /> },
  { key: 'upscaler', path: '/upscaler', icon: <UpscaleIcon /> },
  { key: 'community', path: '/community', icon: <UsersIcon /> },
  { key: 'history', path: '/history', icon: <HistoryIcon /> },
  { key: 'features', path: '/features', icon: <GridIcon /> },
  { key: 'faq', path: '/faq', icon: <HelpIcon /> },
  { key: 'pricing', path: '/pricing', icon: <TagIcon /> },
];

export const UPGRADE_ICON = <CrownIcon />;

/** The admin console, shown to administrators only (spec 6); its label is `nav.link` in the admin namespace. */
export const ADMIN_LINK = { path: '/admin', icon: <ShieldIcon /> } as const;

/** The footer's columns: product and company pages, then the legal ones. */
export const FOOTER_LINKS = {
  product: ['/features', '/examples', '/upscaler', '/pricing', '/faq'],
  company: ['/about', '/blog', '/contact'],
  legal: ['/privacy', '/terms', '/cookies'],
} as const;

export type FooterPath = (typeof FOOTER_LINKS)[keyof typeof FOOTER_LINKS][number];

/** Translation keys for footer paths. */
export const FOOTER_LABEL_KEYS: Record<FooterPath, string> = {
  '/features': 'nav.features',
  '/examples': 'nav.examples',
  '/upscaler': 'nav.upscaler',
  '/pricing': 'nav.pricing',
  '/faq': 'nav.faq',
  '/about': 'nav.about',
  '/blog': 'nav.blog',
  '/contact': 'nav.contact',
  '/privacy': 'nav.privacy',
  '/terms': 'nav.terms',
  '/cookies': 'nav.cookies',
};
