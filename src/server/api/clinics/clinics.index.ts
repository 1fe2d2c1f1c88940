import { signedIn } from '../auth.ts';
import { createRouter } from '../create-router.ts';
import * as handlers from './clinics.handlers.ts';
import * as routes from './clinics.routes.ts';
import * as listHandlers from './clinic-lists.handlers.ts';
import * as listRoutes from './clinic-lists.routes.ts';

const router = createRouter();
router.use('/clinics/*', signedIn);

// The accept route before `/clinics/{id}/…`: a fixed path wins over a parameter.
export const clinicsRouter = router
  .openapi(routes.acceptInvitation, handlers.acceptInvitation)
  .openapi(routes.listClinics, handlers.listClinics)
  .openapi(routes.createClinic, handlers.createClinic)
  .openapi(routes.getClinic, handlers.getClinic)
  .openapi(routes.updateClinic, handlers.updateClinic)
  .openapi(routes.chooseClinic, handlers.chooseClinic)
  .openapi(routes.listMembers, handlers.listMembers)
  .openapi(routes.updateMember, handlers.updateMember)
  .openapi(routes.removeMember, handlers.removeMember)
  .openapi(routes.listInvitations, handlers.listInvitations)
  .openapi(routes.createInvitation, handlers.createInvitation)
  .openapi(routes.revokeInvitation, handlers.revokeInvitation)
  .openapi(routes.listClinicOrders, handlers.listClinicOrders)
  .openapi(listRoutes.listClinicLists, listHandlers.listClinicLists)
  .openapi(listRoutes.createClinicList, listHandlers.createClinicList)
  .openapi(listRoutes.getClinicList, listHandlers.getClinicList)
  .openapi(listRoutes.updateClinicList, listHandlers.updateClinicList)
  .openapi(listRoutes.deleteClinicList, listHandlers.deleteClinicList);
