/** The factory directory's public face (README.md): the service, its repository, and `fitting` for the quotation. */
export { createFactoryRepo, type FactoryRepo, type FactoryRow } from './factory.repo.js';
export {
  createFactoryService,
  toFactory,
  FactoryAction,
  FactoryMsg,
  type FactoryService,
  type FactoryTx,
  type FactoryWrite,
  type AdminLog,
} from './factory.service.js';
export { rankFitting, FITTING_DEFAULT_LIMIT, type FittingNeeds } from './fitting.js';
export { foldCity } from './fold.js';
export { distanceKm } from './geo.js';
export { regionOf } from './regions.js';
