import { createRouter } from '../create-router.ts';
import * as handlers from './products.handlers.ts';
import * as routes from './products.routes.ts';
import * as comparison from './comparison.handlers.ts';
import * as comparisonRoutes from './comparison.routes.ts';

export const productsRouter = createRouter()
  .openapi(routes.listProducts, handlers.listProducts)
  .openapi(routes.suggestProducts, handlers.suggestProducts)
  .openapi(routes.getProduct, handlers.getProduct)
  .openapi(routes.getRelatedProducts, handlers.getRelatedProducts)
  .openapi(routes.listCategories, handlers.listCategories)
  .openapi(routes.getCategory, handlers.getCategory)
  .openapi(routes.listBrands, handlers.listBrands)
  .openapi(routes.getBrand, handlers.getBrand)
  .openapi(routes.listSpecifications, handlers.listSpecifications)
  .openapi(routes.getSpecification, handlers.getSpecification)
  .openapi(comparisonRoutes.compareProducts, comparison.compareProducts)
  .openapi(routes.resolveLines, handlers.resolveLines);
