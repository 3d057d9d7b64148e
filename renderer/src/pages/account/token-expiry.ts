/** Expiry choices: a number of days from now, a date picked by hand, or never. */
export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'custom', label: 'On a date…' },
  { value: 'never', label: 'Never (until revoked)' },
];

/** The expires_at to send: the end of the chosen local day, or null for a token that lasts until revoked. */
export function expiresAt(choice: string, customDate: string, now = new Date()): string | null {
  if (choice === 'never') return null;
  if (choice === 'custom') return customDate ? new Date(`${customDate}T23:59:59`).toISOString() : '';
  const date = new Date(now);
  date.setDate(date.getDate() + Number(choice));
  return date.toISOString();
}
