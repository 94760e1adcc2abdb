import { LegalDocumentPage } from './legal-document.tsx';

export default function PrivacyPage() {
  return <LegalDocumentPage kind="privacy" />;
}
