// The account-recovery mails in English and Arabic (the language the request names; others get English):
// plain text and simple HTML, each with one link.
import type { MailMessage } from './mailer.repository.ts';

type MailKind = 'passwordReset' | 'emailVerification';

interface Wording {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  ignore: string;
}

const WORDING: Record<'en' | 'ar', Record<MailKind, Wording>> = {
  en: {
    passwordReset: {
      subject: 'Reset your Pictura password',
      greeting: 'Hello {name},',
      body: 'Someone asked to reset the password of your Pictura account. The link works once, for 30 minutes.',
      action: 'Choose a new password',
      ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    emailVerification: {
      subject: 'Confirm your e-mail address for Pictura',
      greeting: 'Hello {name},',
      body: 'Open this link to confirm that this address belongs to your Pictura account. It works once, for 24 hours.',
      action: 'Confirm my address',
      ignore: 'If you did not add this address, ignore this mail.',
    },
  },
  ar: {
    passwordReset: {
      subject: 'إعادة تعيين كلمة مرور Pictura',
      greeting: 'مرحبًا {name}،',
      body: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Pictura. يعمل الرابط مرة واحدة خلال 30 دقيقة.',
      action: 'اختر كلمة مرور جديدة',
      ignore: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    },
    emailVerification: {
      subject: 'أكّد عنوان بريدك الإلكتروني في Pictura',
      greeting: 'مرحبًا {name}،',
      body: 'افتح هذا الرابط لتأكيد أن هذا العنوان يخص حسابك في Pictura. يعمل مرة واحدة خلال 24 ساعة.',
      action: 'أكّد عنواني',
      ignore: 'إن لم تُضف هذا العنوان فتجاهل هذه الرسالة.',
    },
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const mailLanguage = (locale: string): 'en' | 'ar' => (locale.startsWith('ar') ? 'ar' : 'en');

export function recoveryMail(input: {
  kind: MailKind;
  locale: string;
  to: string;
  name: string;
  link: string;
}): MailMessage {
  const language = mailLanguage(input.locale);
  const words = WORDING[language][input.kind];
  const greeting = words.greeting.replace('{name}', input.name);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return {
    to: input.to,
    subject: words.subject,
    text: `${greeting}\n\n${words.body}\n\n${words.action}: ${input.link}\n\n${words.ignore}\n`,
    html:
      `<div dir="${dir}" lang="${language}" style="font-family:sans-serif;line-height:1.5">` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(words.body)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(words.action)}</a></p>` +
      `<p style="color:#666">${escapeHtml(words.ignore)}</p></div>`,
  };
}
