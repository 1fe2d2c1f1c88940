import { createStaffRouter } from '../staff-router.ts';
import * as handlers from './imports.handlers.ts';
import * as routes from './imports.routes.ts';

export const importsRouter = createStaffRouter(Object.values(routes))
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
