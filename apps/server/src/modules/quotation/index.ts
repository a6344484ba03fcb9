/** The quotation module's public face: the composition root and the routes use these. */
export { createQuotationRepo, type QuotationRepo } from './quotation.repo.js';
export { createQuotationService, type FactoryFinder, type MessageReader, type QuotationService } from './quotation.service.js';
export { createQuotationReader } from './assistant/reader.js';
export { renderQuotePdf } from './quote-pdf.js';
