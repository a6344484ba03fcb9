/** The print order's public face (README.md): the pre-press check and print requests to a factory. */
export { createPrintRepo, type PrintRepo, type PrintRequestRow } from './print.repo.js';
export {
  createPrintService,
  confirmationMail,
  toPrintRequest,
  PrintMsg,
  type PrintService,
  type PrintFactories,
  type PrintRequestInput,
} from './print.service.js';
export { designDimensions, printChecks, MIN_PRINT_DPI, MIN_BLEED_MM, MIN_FRONT_SAFE_MM } from './print-check.js';
