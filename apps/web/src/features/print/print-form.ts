import { QUOTE_MAX_QUANTITY } from '@packsmith/contracts';

/** What the print request form holds before it is sent. */
export interface PrintFormValues {
  factory_id: string | null;
  quantity: string;
  contact_name: string;
  contact_email: string;
  notes: string;
}

export type PrintFormErrors = Partial<Record<keyof PrintFormValues, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NOTES_MAX = 2000;

/** The quantity typed, as a whole number, or null when it is not one. */
export function parseQuantity(text: string): number | null {
  const n = Number(text.replace(/[,\s]/g, ''));
  return Number.isInteger(n) && n >= 1 && n <= QUOTE_MAX_QUANTITY ? n : null;
}

/** The same rules as POST /api/print/request, checked before sending so the form can say what to fix. */
export function validatePrintForm(v: PrintFormValues): PrintFormErrors {
  const errors: PrintFormErrors = {};
  if (!v.factory_id) errors.factory_id = 'Choose a factory to send the request to.';
  if (parseQuantity(v.quantity) === null) errors.quantity = `Enter a whole number of boxes from 1 to ${QUOTE_MAX_QUANTITY.toLocaleString('en-US')}.`;
  if (!v.contact_name.trim()) errors.contact_name = 'Enter your name.';
  else if (v.contact_name.trim().length > 120) errors.contact_name = 'At most 120 characters.';
  if (!EMAIL.test(v.contact_email.trim())) errors.contact_email = 'Enter an email address the factory can reply to.';
  if (v.notes.trim().length > NOTES_MAX) errors.notes = `At most ${NOTES_MAX.toLocaleString('en-US')} characters.`;
  return errors;
}
