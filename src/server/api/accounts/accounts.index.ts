import { signedIn } from '../auth.ts';
import { createRouter } from '../create-router.ts';
import * as handlers from './accounts.handlers.ts';
import * as routes from './accounts.routes.ts';
import * as addressHandlers from './addresses.handlers.ts';
import * as addressRoutes from './addresses.routes.ts';

// `users/me/` is registered before `users/{email}/`, which would otherwise take "me" for an email.
const router = createRouter();
// The addresses are the signed-in person's: an anonymous client gets 401 before any validation.
router.use('/accounts/addresses/*', signedIn);

export const accountsRouter = router
  .openapi(routes.createToken, handlers.createToken)
  .openapi(routes.refreshToken, handlers.refreshToken)
  .openapi(routes.verifyToken, handlers.verifyToken)
  .openapi(routes.blacklistToken, handlers.blacklistToken)
  .openapi(routes.register, handlers.register)
  .openapi(routes.activate, handlers.activate)
  .openapi(routes.resendActivation, handlers.resendActivation)
  .openapi(routes.resetPassword, handlers.resetPassword)
  .openapi(routes.resetPasswordConfirm, handlers.resetPasswordConfirm)
  .openapi(routes.resetEmail, handlers.resetEmail)
  .openapi(routes.resetEmailConfirm, handlers.resetEmailConfirm)
  .openapi(routes.setPassword, handlers.setPassword)
  .openapi(routes.setEmail, handlers.setEmail)
  .openapi(routes.setEmailConfirm, handlers.setEmailConfirm)
  .openapi(routes.listUsers, handlers.listUsers)
  .openapi(routes.me.get, handlers.getMe)
  .openapi(routes.me.put, handlers.updateMe)
  .openapi(routes.me.patch, handlers.updateMe)
  .openapi(routes.me.delete, handlers.deleteMe)
  .openapi(routes.byEmail.get, handlers.getUser)
  .openapi(routes.byEmail.put, handlers.updateUser)
  .openapi(routes.byEmail.patch, handlers.updateUser)
  .openapi(routes.byEmail.delete, handlers.deleteUser)
  .openapi(addressRoutes.listAddresses, addressHandlers.listAddresses)
  .openapi(addressRoutes.createAddress, addressHandlers.createAddress)
  .openapi(addressRoutes.getAddress, addressHandlers.getAddress)
  .openapi(addressRoutes.updateAddress, addressHandlers.updateAddress)
  .openapi(addressRoutes.deleteAddress, addressHandlers.deleteAddress);
