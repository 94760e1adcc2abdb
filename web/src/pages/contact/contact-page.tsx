import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { HelpIcon, MailIcon, UsersIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import '../../components/marketing/marketing.css';

/** The addresses of whoever runs this installation; change them here when self-hosting. */
export const CONTACT_ADDRESSES = {
  support: 'support@pictura.app',
  sales: 'sales@pictura.app',
  privacy: 'privacy@pictura.app',
} as const;

export default function ContactPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  useDocumentTitle(`${t('contact.title')} · ${t('app.name')}`);
  const cards = [
    { key: 'support', icon: <HelpIcon />, address: CONTACT_ADDRESSES.support },
    { key: 'sales', icon: <UsersIcon />, address: CONTACT_ADDRESSES.sales },
    { key: 'privacy', icon: <MailIcon />, address: CONTACT_ADDRESSES.privacy },
  ] as const;
  return (
    <div className="content-page content-page--narrow">
      <PageHeader eyebrow={t('nav.contact')} title={t('contact.title')} intro={t('contact.intro')} />
      <ul className="contact-grid">
        {cards.map((card) => (
          <li key={card.key} className="feature-card">
            <span className="feature-card__icon">{card.icon}</span>
            <h2 className="feature-card__title">{t(`contact.${card.key}.title`)}</h2>
            <p className="feature-card__text">{t(`contact.${card.key}.text`)}</p>
            <a className="contact-link" href={`mailto:${card.address}`}>
              {card.address}
            </a>
          </li>
        ))}
      </ul>
      <p className="section-more">
        {t('contact.faqHint')} <Link to={localizedPath(locale, '/faq')}>{t('nav.faq')}</Link>
      </p>
    </div>
  );
}
