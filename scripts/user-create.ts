/**
 * `npm run user:create -- --email boss@clinic.kg [--staff | --superuser] [--first-name Имя] [--last-name Фамилия] [--phone +996...] [--password ...]`
 * Creates an active account without the activation mail: the first staff account of a new shop, which
 * is a superuser (only superusers change staff rights); `--superuser` makes one at any time.
 * Without --password a strong random one is generated and printed once.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

const usage =
  'Usage: npm run user:create -- --email EMAIL [--staff | --superuser] [--first-name NAME] [--last-name NAME] [--phone PHONE] [--password PASSWORD]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    staff: { type: 'boolean', default: false },
    superuser: { type: 'boolean', default: false },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    phone: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || !values.email) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

const { boot } = await import('../src/server/boot/boot.ts');
const { createAccount } = await import('../src/server/accounts/users.admin.ts');
const { normalizePhone } = await import('../src/shared/phone-input.ts');
const { ValidationError } = await import('../src/server/errors.ts');

const generated = values.password === undefined;
const password = values.password ?? randomBytes(15).toString('base64url');
const phone = values.phone === undefined ? '' : normalizePhone(values.phone);
if (phone === null) {
  console.error(
    `--phone: "${values.phone}" is not a phone number; write it with the country code, e.g. +996555123456.`,
  );
  process.exit(1);
}

const shop = await boot({ jobs: false });
try {
  const user = await createAccount({
    email: values.email,
    password,
    firstName: values['first-name'],
    lastName: values['last-name'],
    phone,
    isStaff: values.staff,
    isSuperuser: values.superuser,
  });
  const role = user.isSuperuser ? 'superuser ' : user.isStaff ? 'staff ' : '';
  console.log(`Created ${role}account #${user.id} ${user.email} (active).`);
  if (generated) console.log(`Password (shown once, store it safely): ${password}`);
} catch (error) {
  if (error instanceof ValidationError) {
    for (const [field, messages] of Object.entries(error.fields))
      console.error(`--${field}: ${Array.isArray(messages) ? messages.join(' ') : JSON.stringify(messages)}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await shop.stop();
}
