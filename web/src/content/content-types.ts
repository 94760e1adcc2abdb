// The long texts of the site (legal pages, about, blog), one file per locale, each its own chunk.
// content.test.ts fails when a locale lacks a section English has, or leaves one untranslated.

export interface TextSection {
  /** Stable across locales; also the in-page anchor. */
  id: string;
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: TextSection[];
}

export interface BlogPost {
  slug: string;
  title: string;
  summary: string;
  /** Minutes to read, shown next to the date. */
  minutes: number;
  paragraphs: string[];
}

export interface SiteContent {
  privacy: LegalDocument;
  terms: LegalDocument;
  cookies: LegalDocument;
  about: { intro: string; sections: TextSection[] };
  blog: BlogPost[];
}

/** Spec 2: the privacy policy is dated May 2024 and the terms 15 April 2025 (cookies follow privacy). */
export const LEGAL_DATES = {
  privacy: { date: new Date(Date.UTC(2024, 4, 1)), withDay: false },
  cookies: { date: new Date(Date.UTC(2024, 4, 1)), withDay: false },
  terms: { date: new Date(Date.UTC(2025, 3, 15)), withDay: true },
} as const;

/** Publication dates of the blog posts, by slug (not translated). */
export const BLOG_DATES: Record<string, string> = {
  'welcome-to-pictura': '2025-03-10',
  'writing-better-prompts': '2025-04-02',
  'upscaling-4x-explained': '2025-04-22',
};

export function formatLegalDate(kind: keyof typeof LEGAL_DATES, locale: string): string {
  const { date, withDay } = LEGAL_DATES[kind];
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    ...(withDay ? { day: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}
