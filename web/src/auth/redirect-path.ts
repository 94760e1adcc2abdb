/** Only paths on this site may be remembered for after sign-in (never //evil.example or https://…). */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  return value;
}
