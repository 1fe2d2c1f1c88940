import { IMPORT_LIMITS } from '../../imports/imports.options.ts';
import { receiveFiles } from '../services/upload-body.ts';
import { createStaffRouter } from '../staff-router.ts';
import * as handlers from './imports.handlers.ts';
import * as routes from './imports.routes.ts';

const router = createStaffRouter(Object.values(routes));
// After the staff check: an upload is read (streamed to a temporary file) only for staff.
const file = {
  file: {
    maxBytes: IMPORT_LIMITS.maxFileBytes,
    tooLarge: `Файл больше ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} МБ.`,
  },
};
for (const route of [routes.uploadProducts, routes.uploadPrices, routes.uploadStock])
  router.use(route.path, receiveFiles(file));

export const importsRouter = router
  .openapi(routes.uploadProducts, handlers.uploadProducts)
  .openapi(routes.uploadPrices, handlers.uploadPrices)
  .openapi(routes.uploadStock, handlers.uploadStock)
  .openapi(routes.checkTask, handlers.checkTask)
  .openapi(routes.listImports, handlers.listImports)
  .openapi(routes.applyImport, handlers.applyImport)
  .openapi(routes.undoImport, handlers.undoImport)
  .openapi(routes.importErrorsCsv, handlers.importErrorsCsv)
  .openapi(routes.importChangesCsv, handlers.importChangesCsv)
  .openapi(routes.stockTemplate, handlers.stockTemplate)
  .openapi(routes.exportCatalog, handlers.exportCatalog);
