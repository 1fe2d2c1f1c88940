import { formatPhone } from '~/shared/phone.ts';
import { $user, ensureUser } from '~/stores/user.ts';

/** Puts the signed-in buyer's details into the empty contact fields of `form` (see `useProfilePrefill`). */
export async function fillFromProfile(form: HTMLFormElement): Promise<void> {
  await ensureUser();
  const profile = $user.get().profile;
  if (!profile) return;
  const values: Record<string, string> = {
    name: `${profile.first_name} ${profile.last_name}`.trim(),
    phone: profile.phone ? formatPhone(profile.phone) : '',
    email: profile.email,
    clinic: profile.organisation,
  };
  for (const [name, value] of Object.entries(values)) {
    const input = form.elements.namedItem(name);
    if (value && input instanceof HTMLInputElement && input.value === '') input.value = value;
  }
}
