import { gs1CheckDigit } from '@packsmith/contracts';
export { EditorLayerSchema } from '@packsmith/contracts';
export const isValidGtinLike = (digits: string) => gs1CheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
