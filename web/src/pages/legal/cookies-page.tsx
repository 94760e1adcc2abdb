import { LegalDocumentPage } from './legal-document.tsx';

export default function CookiesPage() {
  return <LegalDocumentPage kind="cookies" />;
}
