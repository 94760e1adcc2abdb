// The update notice's words in every locale (spec 1: 16 languages). Kept beside the notice so the
// offline worker's texts ship with it; update-notice-texts.test.ts checks every locale is complete.
import type { Locale } from '../i18n/locale.ts';

export interface UpdateNoticeTexts {
  message: string;
  refresh: string;
  later: string;
}

export const UPDATE_NOTICE_TEXTS: Record<Locale, UpdateNoticeTexts> = {
  en: { message: 'A new version of Pictura is available.', refresh: 'Refresh', later: 'Later' },
  'zh-CN': { message: 'Pictura 有新版本可用。', refresh: '刷新', later: '稍后' },
  'zh-TW': { message: 'Pictura 有新版本可用。', refresh: '重新整理', later: '稍後' },
  ja: { message: 'Pictura の新しいバージョンがあります。', refresh: '更新', later: 'あとで' },
  ko: { message: 'Pictura의 새 버전을 사용할 수 있습니다.', refresh: '새로고침', later: '나중에' },
  es: { message: 'Hay una nueva versión de Pictura disponible.', refresh: 'Actualizar', later: 'Más tarde' },
  fr: {
    message: 'Une nouvelle version de Pictura est disponible.',
    refresh: 'Actualiser',
    later: 'Plus tard',
  },
  de: { message: 'Eine neue Version von Pictura ist verfügbar.', refresh: 'Aktualisieren', later: 'Später' },
  it: { message: 'È disponibile una nuova versione di Pictura.', refresh: 'Aggiorna', later: 'Più tardi' },
  pt: { message: 'Uma nova versão do Pictura está disponível.', refresh: 'Atualizar', later: 'Mais tarde' },
  ru: { message: 'Доступна новая версия Pictura.', refresh: 'Обновить', later: 'Позже' },
  ar: { message: 'يتوفر إصدار جديد من Pictura.', refresh: 'تحديث', later: 'لاحقًا' },
  id: { message: 'Versi baru Pictura tersedia.', refresh: 'Muat ulang', later: 'Nanti' },
  ms: { message: 'Versi baharu Pictura tersedia.', refresh: 'Muat semula', later: 'Kemudian' },
  th: { message: 'มี Pictura เวอร์ชันใหม่พร้อมใช้งานแล้ว', refresh: 'รีเฟรช', later: 'ไว้ทีหลัง' },
  vi: { message: 'Đã có phiên bản mới của Pictura.', refresh: 'Làm mới', later: 'Để sau' },
};
