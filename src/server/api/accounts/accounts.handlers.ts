import { limitAccountMail, limitedLogin, limitRegistration } from '../../accounts/accounts.limits.ts';
import { assertTokenValid, endSession, rotateSession, startSession } from '../../accounts/sessions.ts';
import * as accounts from '../../accounts/index.ts';
import { clientIp, requireUser } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toUserJson, toProfileChanges } from './accounts.mappers.ts';
import { isActivationMarkerOf } from '../../accounts/activation-device.ts';
import {
  activationMarker,
  clearActivationMarker,
  deviceCookie,
  markRegisteringBrowser,
  rememberDevice,
} from './cookies.ts';
import type * as routes from './accounts.routes.ts';

export const createToken: AppRouteHandler<typeof routes.createToken> = async (c) => {
  const { email, password } = c.req.valid('json');
  const pair = await limitedLogin(clientIp(c), email, () => accounts.login(email, password), deviceCookie(c));
  await rememberDevice(c, email);
  return c.json(pair, 200);
};

export const refreshToken: AppRouteHandler<typeof routes.refreshToken> = async (c) =>
  c.json(await rotateSession(c.req.valid('json').refresh), 200);

export const verifyToken: AppRouteHandler<typeof routes.verifyToken> = async (c) => {
  await assertTokenValid(c.req.valid('json').token);
  return c.json({}, 200);
};

export const blacklistToken: AppRouteHandler<typeof routes.blacklistToken> = async (c) => {
  await endSession(c.req.valid('json').refresh);
  return c.json({}, 200);
};

export const register: AppRouteHandler<typeof routes.register> = async (c) => {
  const input = c.req.valid('json');
  await limitRegistration(clientIp(c), input.email);
  const user = await accounts.register({
    email: input.email,
    password: input.password,
    rePassword: input.re_password,
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    country: input.country,
    confirmLater: input.confirm_later,
    next: input.next || null,
  });
  await markRegisteringBrowser(c, user.id);
  return c.json(toUserJson(user), 201);
};

export const activate: AppRouteHandler<typeof routes.activate> = async (c) => {
  const { uid, token } = c.req.valid('json');
  const user = await accounts.activate(uid, token);
  // Signed in only in the browser that registered; the link alone activates.
  if (!(await isActivationMarkerOf(activationMarker(c), user.id))) return c.body(null, 204);
  clearActivationMarker(c);
  return c.json(await startSession(user), 200);
};

export const resendActivation: AppRouteHandler<typeof routes.resendActivation> = async (c) => {
  const { email, next } = c.req.valid('json');
  await limitAccountMail('activation', clientIp(c), email);
  await accounts.resendActivation(email, next);
  return c.body(null, 204);
};

export const resetPassword: AppRouteHandler<typeof routes.resetPassword> = async (c) => {
  const { email } = c.req.valid('json');
  await limitAccountMail('password', clientIp(c), email);
  await accounts.requestPasswordReset(email);
  return c.body(null, 204);
};

export const resetPasswordConfirm: AppRouteHandler<typeof routes.resetPasswordConfirm> = async (c) => {
  const input = c.req.valid('json');
  const email = await accounts.confirmPasswordReset({
    uid: input.uid,
    token: input.token,
    newPassword: input.new_password,
    reNewPassword: input.re_new_password,
  });
  // The reset link is the owner's way past the email-wide login wait: this browser is now known.
  await rememberDevice(c, email);
  return c.body(null, 204);
};

export const resetEmail: AppRouteHandler<typeof routes.resetEmail> = async (c) => {
  const { email } = c.req.valid('json');
  await limitAccountMail('email', clientIp(c), email);
  await accounts.requestEmailReset(email);
  return c.body(null, 204);
};

export const resetEmailConfirm: AppRouteHandler<typeof routes.resetEmailConfirm> = async (c) => {
  const input = c.req.valid('json');
  await accounts.confirmEmailReset(
    { uid: input.uid, token: input.token, newEmail: input.new_email, reNewEmail: input.re_new_email },
    clientIp(c),
  );
  return c.body(null, 204);
};

export const setPassword: AppRouteHandler<typeof routes.setPassword> = async (c) => {
  const user = await requireUser(c);
  const input = c.req.valid('json');
  await accounts.setPassword(user, {
    currentPassword: input.current_password,
    newPassword: input.new_password,
    reNewPassword: input.re_new_password,
  });
  return c.body(null, 204);
};

export const setEmail: AppRouteHandler<typeof routes.setEmail> = async (c) => {
  const user = await requireUser(c);
  const input = c.req.valid('json');
  await accounts.setEmail(
    user,
    { currentPassword: input.current_password, newEmail: input.new_email, reNewEmail: input.re_new_email },
    clientIp(c),
  );
  return c.body(null, 204);
};

export const setEmailConfirm: AppRouteHandler<typeof routes.setEmailConfirm> = async (c) => {
  const { uid, token } = c.req.valid('json');
  await accounts.confirmEmailChange(uid, token);
  return c.body(null, 204);
};

export const listUsers: AppRouteHandler<typeof routes.listUsers> = async (c) => {
  const user = await requireUser(c);
  const q = c.req.valid('query');
  const found = await accounts.listVisibleUsers(user, {
    limit: q.limit,
    offset: q.offset,
    search: q.search || undefined,
  });
  return c.json(toMappedPage(c.req.url, q, found, toUserJson), 200);
};

export const getMe: AppRouteHandler<typeof routes.me.get> = async (c) => c.json(toUserJson(await requireUser(c)), 200);

export const updateMe: AppRouteHandler<typeof routes.me.patch> = async (c) => {
  const user = await requireUser(c);
  return c.json(toUserJson(await accounts.updateProfile(user, user, toProfileChanges(c.req.valid('json')))), 200);
};

export const deleteMe: AppRouteHandler<typeof routes.me.delete> = async (c) => {
  const user = await requireUser(c);
  await accounts.deleteAccount(user, user, c.req.valid('json').current_password);
  return c.body(null, 204);
};

export const getUser: AppRouteHandler<typeof routes.byEmail.get> = async (c) => {
  const actor = await requireUser(c);
  return c.json(toUserJson(await accounts.getUserFor(actor, c.req.valid('param').email)), 200);
};

export const updateUser: AppRouteHandler<typeof routes.byEmail.patch> = async (c) => {
  const actor = await requireUser(c);
  const target = await accounts.getUserFor(actor, c.req.valid('param').email);
  return c.json(toUserJson(await accounts.updateProfile(actor, target, toProfileChanges(c.req.valid('json')))), 200);
};

export const deleteUser: AppRouteHandler<typeof routes.byEmail.delete> = async (c) => {
  const actor = await requireUser(c);
  const target = await accounts.getUserFor(actor, c.req.valid('param').email);
  await accounts.deleteAccount(actor, target, c.req.valid('json').current_password);
  return c.body(null, 204);
};
