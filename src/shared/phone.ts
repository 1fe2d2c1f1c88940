/**
 * A stored phone number (`+996555123456`) grouped for reading: `+996 555 123 456` in Kyrgyzstan,
 * `+7 701 123 45 67` in Kazakhstan; any other number is shown as stored.
 */
export function formatPhone(phone: string): string {
  const kg = /^\+996(\d{3})(\d{3})(\d{3})$/.exec(phone);
  if (kg) return `+996 ${kg[1]} ${kg[2]} ${kg[3]}`;
  const kz = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  if (kz) return `+7 ${kz[1]} ${kz[2]} ${kz[3]} ${kz[4]}`;
  return phone;
}
