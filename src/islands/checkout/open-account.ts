import { registerUser } from '~/lib/api/accounts.ts';
import { ApiError } from '~/lib/api/api-error.ts';
import type { CountryCode } from '~/lib/api/types.ts';
import { toFormErrors, type FormErrors, type FormValues } from '~/islands/forms/index.ts';
import { login } from '~/stores/user.ts';
import { ACCOUNT_EXISTS } from '~/islands/forms/form-errors.ts';

/**
 * Opens an account at checkout from the contact fields and the chosen password, then signs in with it,
 * so the order goes out at once: the account is usable now and its address is confirmed by the link in
 * the order's mail (`confirm_later`). Null on success; the fields' errors when the API refuses them; the
 * `ACCOUNT_EXISTS` code when the address belongs to someone who must sign in with their own password
 * (registration answers alike for any address, so it is the sign-in that tells). Loaded with the form.
 */
export async function openAccount(values: FormValues, country: CountryCode): Promise<FormErrors | null> {
  const email = values.email!.trim();
  const password = values.password!;
  try {
    await registerUser({
      email,
      password,
      re_password: password,
      first_name: values.first_name!.trim(),
      last_name: values.last_name!.trim(),
      phone: values.phone!.trim(),
      country,
      confirm_later: true,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    return toFormErrors(error, ['email', 'password', 'phone', 'first_name', 'last_name']);
  }
  try {
    await login({ email, password });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    return { fields: {}, form: [], status: 401, code: ACCOUNT_EXISTS };
  }
  return null;
}
