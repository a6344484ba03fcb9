import { describe, expect, it } from 'vitest';
import { parseQuantity, validatePrintForm, type PrintFormValues } from './print-form';

const good: PrintFormValues = { factory_id: 'f1', quantity: '1,000', contact_name: 'Ana', contact_email: 'ana@example.com', notes: '' };

describe('the print request form', () => {
  it('accepts a complete request', () => {
    expect(validatePrintForm(good)).toEqual({});
  });

  it('says what to fix: factory, quantity, name, email, notes', () => {
    const errors = validatePrintForm({ factory_id: null, quantity: '0', contact_name: '  ', contact_email: 'ana@', notes: 'x'.repeat(2001) });
    expect(Object.keys(errors).sort()).toEqual(['contact_email', 'contact_name', 'factory_id', 'notes', 'quantity']);
    expect(errors.factory_id).toBe('Choose a factory to send the request to.');
    expect(errors.contact_email).toBe('Enter an email address the factory can reply to.');
  });

  it('reads quantities with thousands separators and refuses fractions and huge ones', () => {
    expect(parseQuantity('2,500')).toBe(2500);
    expect(parseQuantity('12.5')).toBeNull();
    expect(parseQuantity('-3')).toBeNull();
    expect(parseQuantity('2000000')).toBeNull();
    expect(parseQuantity('')).toBeNull();
  });
});
